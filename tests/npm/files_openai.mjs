// Files in, as OpenAI takes them (issue 32), with the official openai SDK against `sandbench serve`: the
// Files API (create with purpose, list, retrieve, content, delete), the seed scenario (a customer's CSV
// uploaded, code_interpreter with container {type: "auto", file_ids} whose code reads /mnt/data/<name>, the
// answer), the Containers API round trip (create with file_ids, retrieve, list, files create/list/content/
// delete, delete) and the errors in OpenAI's shape (bad purpose, unknown file, another workspace's file, a
// file over the workspace's quota). Shapes are checked against the SDK's own .d.ts.
import assert from 'node:assert/strict';
import OpenAI, { toFile } from 'openai';
import { Dts } from './lib/dts.mjs';
import { apiKey, assertNoProblems, baseURL, runCases } from './lib/contract.mjs';

const client = new OpenAI({ baseURL, apiKey, maxRetries: 0 });
const other = new OpenAI({ baseURL, apiKey: process.env.SANDBENCH_SHORT_LIMIT_KEY, maxRetries: 0 });
const tiny = new OpenAI({ baseURL, apiKey: process.env.SANDBENCH_TINY_QUOTA_KEY, maxRetries: 0 });
const filesDts = new Dts('openai/resources/files.d.ts');
const containersDts = new Dts('openai/resources/containers/containers.d.ts');
const containerFilesDts = new Dts('openai/resources/containers/files/files.d.ts');
const responsesDts = new Dts('openai/resources/responses/responses.d.ts');
const sharedDts = new Dts('openai/resources/shared.d.ts');

const CSV = 'region,amount\nnorth,10\nsouth,20\n';
const upload = async (name = 'sales.csv', text = CSV) =>
  client.files.create({ file: await toFile(Buffer.from(text), name), purpose: 'user_data' });

// The seed: code that reads the customer's CSV where OpenAI puts it, and writes a summary beside it and a
// chart in a folder. What it prints (and so the answer) names the summary by its path, the chart by its
// relative name and the input by its name, after a character outside the BMP (two UTF-16 units, one code point).
const READ_CSV = [
  'import csv, os',
  "rows = list(csv.DictReader(open('/mnt/data/sales.csv')))",
  "total = sum(int(r['amount']) for r in rows)",
  "open('/mnt/data/summary.txt', 'w').write(f'total {total}\\n')",
  "os.makedirs('/mnt/data/out', exist_ok=True)",
  "open('/mnt/data/out/chart.txt', 'w').write('|' * total)",
  "print('\u{1F4CA} contract-ok total', total, 'in /mnt/data/summary.txt and out/chart.txt, from sales.csv')",
].join('\n');
const LOGS = '\u{1F4CA} contract-ok total 30 in /mnt/data/summary.txt and out/chart.txt, from sales.csv\n';
// The citations of an answer: the summary (by path) and the chart (by name), not the input file. Their
// offsets count code points, as OpenAI's (a Python str) do: [...text] indexes them, text.slice would not.
async function assertCitations(part, annotations, containerId, files) {
  const cited = annotations.map((a) => [...part.text].slice(a.start_index, a.end_index).join(''));
  assert.deepEqual(cited, ['/mnt/data/summary.txt', 'out/chart.txt'],
    `annotations: ${JSON.stringify(annotations)} of ${JSON.stringify(part.text)}`);
  assert.notEqual(part.text.slice(annotations[0].start_index, annotations[0].end_index), cited[0], 'not UTF-16 units');
  for (const [i, name] of ['summary.txt', 'chart.txt'].entries()) {
    const a = annotations[i];
    assertNoProblems(responsesDts.problems('ResponseOutputText.ContainerFileCitation', a), 'ContainerFileCitation');
    assert.equal(a.type, 'container_file_citation');
    assert.equal(a.container_id, containerId);
    assert.equal(a.filename, name);
    assert.equal(a.file_id, files[name].id, `${name}'s id as the Containers API lists it`);
  }
  const content = async (a) => (await client.containers.files.content.retrieve(a.file_id, { container_id: a.container_id })).text();
  assert.equal(await content(annotations[0]), 'total 30\n', 'the cited summary downloads');
  assert.equal(await content(annotations[1]), '|'.repeat(30), 'the cited chart downloads');
}

async function rejects(promise, ErrorClass, status, pattern) {
  const error = await promise.then(() => null, (e) => e);
  assert.ok(error instanceof ErrorClass, `${ErrorClass.name}, got ${error?.constructor?.name}: ${error?.message}`);
  assert.equal(error.status, status, 'status');
  if (pattern) assert.match(error.message, pattern);
  assert.ok(error.error && typeof error.error.message === 'string', 'an OpenAI error body');
  return error;
}

const cases = [
  {
    name: 'files-crud',
    run: async () => {
      const file = await upload();
      assertNoProblems(filesDts.problems('FileObject', file), 'FileObject');
      assert.match(file.id, /^file-/);
      assert.equal(file.filename, 'sales.csv');
      assert.equal(file.bytes, CSV.length);
      assert.equal(file.purpose, 'user_data');
      const listed = [];
      for await (const f of client.files.list()) listed.push(f);
      assert.ok(listed.some((f) => f.id === file.id), 'listed');
      listed.forEach((f) => assertNoProblems(filesDts.problems('FileObject', f), 'listed FileObject'));
      assert.deepEqual(await client.files.retrieve(file.id), file, 'retrieve');
      assert.equal(await (await client.files.content(file.id)).text(), CSV, 'content');
      const deleted = await client.files.delete(file.id);
      assertNoProblems(filesDts.problems('FileDeleted', deleted), 'FileDeleted');
      assert.equal(deleted.deleted, true);
      await rejects(client.files.retrieve(file.id), OpenAI.NotFoundError, 404);
      await rejects(client.files.content(file.id), OpenAI.NotFoundError, 404);
    },
  },
  {
    name: 'seed-code-interpreter',
    steps: [{ tool_calls: [{ name: 'python', arguments: { code: READ_CSV } }] }, { text: 'saw {{last_tool_result}}' }],
    run: async (model) => {
      const file = await upload();
      const response = await client.responses.create({
        model, input: 'What is the total amount in my CSV?', include: ['code_interpreter_call.outputs'],
        tools: [{ type: 'code_interpreter', container: { type: 'auto', file_ids: [file.id] } }],
      });
      assert.equal(response.status, 'completed', `status (error: ${JSON.stringify(response.error)})`);
      assert.ok(response.output_text.includes('contract-ok total 30'), `the answer: ${response.output_text}`);
      const call = response.output.find((i) => i.type === 'code_interpreter_call');
      assert.deepEqual(call.outputs, [{ type: 'logs', logs: LOGS }], 'the code read the CSV');
      // The files of the container: the upload and the file the code made, with their paths.
      const files = [];
      for await (const f of client.containers.files.list(call.container_id)) files.push(f);
      const byPath = Object.fromEntries(files.map((f) => [f.path.split('/').pop(), f]));
      assert.ok(byPath['sales.csv'] && byPath['summary.txt'], `container files: ${files.map((f) => f.path)}`);
      // Where OpenAI documents its code tools' files (the same folder as /workspace/home).
      assert.equal(byPath['summary.txt'].path, '/mnt/data/summary.txt');
      // Who put each file there: the upload is the user's, what the code wrote the assistant's.
      assert.equal(byPath['sales.csv'].source, 'user', 'the uploaded file');
      assert.equal(byPath['summary.txt'].source, 'assistant', 'the file the code made');
      files.forEach((f) => assertNoProblems(containerFilesDts.problems('FileListResponse', f), 'container file'));
      const summary = await client.containers.files.content.retrieve(byPath['summary.txt'].id, { container_id: call.container_id });
      assert.equal(await summary.text(), 'total 30\n');
      // The answer names the files the code made: container_file_citation annotations, as OpenAI sends them
      // (the input file it also names is not one).
      const part = response.output.find((i) => i.type === 'message').content[0];
      await assertCitations(part, part.annotations, call.container_id, byPath);
    },
  },
  {
    name: 'seed-code-interpreter-stream',
    steps: [{ tool_calls: [{ name: 'python', arguments: { code: READ_CSV } }] }, { text: 'saw {{last_tool_result}}' }],
    run: async (model) => {
      // The same through the SDK's stream helper, which rebuilds the response from the events and refuses
      // any out of order: the citation comes as its own response.output_text.annotation.added event too.
      const file = await upload();
      const stream = client.responses.stream({
        model, input: 'What is the total amount in my CSV?',
        tools: [{ type: 'code_interpreter', container: { type: 'auto', file_ids: [file.id] } }],
      });
      const added = [];
      const order = [];
      let completed = null;
      for await (const event of stream) {
        order.push(event.type);
        if (event.type === 'response.completed') completed = event.response;
        if (event.type === 'response.output_text.annotation.added') {
          assertNoProblems(responsesDts.problems('ResponseOutputTextAnnotationAddedEvent', event), 'annotation.added');
          added.push(event);
        }
      }
      const response = await stream.finalResponse();
      assert.equal(response.status, 'completed', `status (error: ${JSON.stringify(response.error)})`);
      const message = response.output.find((i) => i.type === 'message');
      const call = response.output.find((i) => i.type === 'code_interpreter_call');
      const part = message.content[0];
      assert.equal(added.length, 2, `annotation events: ${JSON.stringify(added)}`);
      for (const [i, event] of added.entries()) {
        assert.equal(event.item_id, message.id);
        assert.equal(event.output_index, response.output.indexOf(message));
        assert.equal(event.content_index, 0);
        assert.equal(event.annotation_index, i);
      }
      const files = [];
      for await (const f of client.containers.files.list(call.container_id)) files.push(f);
      await assertCitations(part, added.map((e) => e.annotation), call.container_id,
        Object.fromEntries(files.map((f) => [f.path.split('/').pop(), f])));
      // The stream's own response (rebuilt from the events) and the final part carry the same annotations.
      assert.deepEqual(part.annotations, added.map((e) => e.annotation));
      // response.completed carries them too (the helper's finalResponse is rebuilt from the events).
      const completedPart = completed.output.find((i) => i.type === 'message').content[0];
      assert.deepEqual(completedPart.annotations, part.annotations, 'response.completed');
      assert.ok(order.indexOf('response.output_text.annotation.added') > order.lastIndexOf('response.output_text.delta'),
        'after the text it cites');
      assert.ok(order.lastIndexOf('response.output_text.annotation.added') < order.indexOf('response.output_text.done'),
        'before the text is done');
    },
  },
  {
    name: 'containers-roundtrip',
    run: async () => {
      const file = await upload();
      const container = await client.containers.create({ name: 'analysis', file_ids: [file.id], memory_limit: '4g',
        expires_after: { anchor: 'last_active_at', minutes: 20 } });
      assertNoProblems(containersDts.problems('ContainerCreateResponse', container), 'ContainerCreateResponse');
      assert.equal(container.name, 'analysis');
      const again = await client.containers.retrieve(container.id);
      assertNoProblems(containersDts.problems('ContainerRetrieveResponse', again), 'ContainerRetrieveResponse');
      assert.equal(again.id, container.id);
      const all = [];
      for await (const c of client.containers.list()) all.push(c);
      assert.ok(all.some((c) => c.id === container.id), 'listed');
      const added = await client.containers.files.create(container.id, { file: await toFile(Buffer.from('more\n'), 'notes.txt') });
      assertNoProblems(containerFilesDts.problems('FileCreateResponse', added), 'FileCreateResponse');
      const byId = await client.containers.files.create(container.id, { file_id: file.id });
      assert.equal(byId.bytes, CSV.length);
      const files = [];
      for await (const f of client.containers.files.list(container.id)) files.push(f);
      const names = files.map((f) => f.path.split('/').pop()).sort();
      assert.deepEqual(names, ['notes.txt', 'sales-2.csv', 'sales.csv'], 'the same name twice is renamed');
      // Uploaded (multipart), given as a file_id and given at create: each is the user's.
      assert.equal(added.source, 'user');
      assert.deepEqual(files.map((f) => f.source), ['user', 'user', 'user'], 'listed sources');
      const got = await client.containers.files.retrieve(added.id, { container_id: container.id });
      assert.equal(got.bytes, 5);
      assert.equal(got.source, 'user', 'retrieved source');
      assert.equal(await (await client.containers.files.content.retrieve(added.id, { container_id: container.id })).text(), 'more\n');
      await client.containers.files.delete(added.id, { container_id: container.id });
      await rejects(client.containers.files.retrieve(added.id, { container_id: container.id }), OpenAI.NotFoundError, 404);
      await client.containers.delete(container.id);
      await rejects(client.containers.retrieve(container.id), OpenAI.NotFoundError, 404);
    },
  },
  {
    name: 'errors',
    run: async (model) => {
      const bad = await rejects(
        client.files.create({ file: await toFile(Buffer.from(CSV), 'x.csv'), purpose: 'homework' }),
        OpenAI.BadRequestError, 400, /purpose/);
      assert.equal(bad.code, 'invalid_purpose');
      await rejects(client.files.retrieve('file-aaaaaaaaaaaaaaaaaaaaaaaa'), OpenAI.NotFoundError, 404, /No such File/);
      // Another workspace's key sees nothing of this workspace's files.
      const mine = await upload();
      await rejects(other.files.retrieve(mine.id), OpenAI.NotFoundError, 404);
      await rejects(other.files.delete(mine.id), OpenAI.NotFoundError, 404);
      await rejects(other.containers.create({ name: 'x', file_ids: [mine.id] }), OpenAI.NotFoundError, 404);
      // A file over the workspace's quota.
      const big = await rejects(
        tiny.files.create({ file: await toFile(Buffer.alloc(5000, 'x'), 'big.csv'), purpose: 'user_data' }),
        OpenAI.APIError, 413, /quota/);
      assert.equal(big.code, 'quota_exceeded');
      // What was too large and what is allowed, in true figures (an empty workspace, a 1000-byte quota).
      assert.match(big.error.message, /^storing 5000 bytes would pass this workspace's quota: 0 bytes used by its files and documents \+ 4\.88 KiB > the limit of 1000 bytes/);
      // code_interpreter naming an unknown file: OpenAI's 404 naming the field.
      const missing = await rejects(client.responses.create({
        model, input: 'hi', tools: [{ type: 'code_interpreter', container: { type: 'auto', file_ids: ['file-nothing'] } }],
      }), OpenAI.NotFoundError, 404, /file_ids\[0\]/);
      assert.equal(missing.param, 'tools[0].container.file_ids[0]');
      // The body as the SDK types it (ErrorObject: code a string or null), as on the Files routes.
      assertNoProblems(sharedDts.problems('ErrorObject', missing.error), `the error body ${JSON.stringify(missing.error)}`);
      assert.ok(missing.code === null || typeof missing.code === 'string', `APIError.code: ${JSON.stringify(missing.code)}`);
      assertNoProblems(sharedDts.problems('ErrorObject', big.error), 'the Files API error body');
    },
  },
];

await runCases(cases);
