// Files in, as Anthropic takes them (issue 32), with the official @anthropic-ai/sdk against `sandbench serve`:
// the Files API on its beta path (upload, list, retrieve metadata, download, delete), the seed scenario (a
// customer's CSV uploaded, a container_upload block with code_execution_20250825 whose code reads it, the
// answer) and the errors in Anthropic's shape (unknown file, another workspace's file, a file over the
// workspace's quota, a container_upload of an unknown file). Shapes are checked against the SDK's .d.ts.
import assert from 'node:assert/strict';
import Anthropic, { toFile } from '@anthropic-ai/sdk';
import { Dts } from './lib/dts.mjs';
import { apiKey, assertNoProblems, baseURL, runCases } from './lib/contract.mjs';

// The SDK's default paths with only the host changed: /v1/files, /v1/messages.
const origin = new URL(baseURL).origin;
const client = new Anthropic({ baseURL: origin, apiKey, maxRetries: 0 });
const other = new Anthropic({ baseURL: origin, apiKey: process.env.SANDBENCH_SHORT_LIMIT_KEY, maxRetries: 0 });
const tiny = new Anthropic({ baseURL: origin, apiKey: process.env.SANDBENCH_TINY_QUOTA_KEY, maxRetries: 0 });
const filesDts = new Dts('@anthropic-ai/sdk/resources/beta/files.d.ts');

const CSV = 'region,amount\nnorth,10\nsouth,20\n';
const upload = async (c = client, bytes = Buffer.from(CSV), name = 'sales.csv') =>
  c.beta.files.upload({ file: await toFile(bytes, name, { type: 'text/csv' }) });
const READ_CSV = "python3 -c \"import csv; print('contract-ok total', sum(int(r['amount']) for r in csv.DictReader(open('sales.csv'))))\"";

const SUMMARY = 'contract-ok total 30\n';
const WRITE_SUMMARY = `${READ_CSV} > summary.txt && echo hidden > .notes && ln -s /etc/hostname link.txt && cat summary.txt`;
const WRITE_PY = "open('out.csv', 'w').write('a,b\\n1,2\\n')";

async function rejects(promise, ErrorClass, status, type) {
  const error = await promise.then(() => null, (e) => e);
  assert.ok(error instanceof ErrorClass, `${ErrorClass.name}, got ${error?.constructor?.name}: ${error?.message}`);
  assert.equal(error.status, status, 'status');
  assert.equal(error.error?.type, 'error', `Anthropic's error body: ${JSON.stringify(error.error)}`);
  if (type) assert.equal(error.error.error.type, type, 'error.type');
  return error;
}

const cases = [
  {
    name: 'files-crud',
    run: async () => {
      const file = await upload();
      assertNoProblems(filesDts.problems('BetaFileMetadata', file), 'BetaFileMetadata');
      assert.match(file.id, /^file_/);
      assert.equal(file.filename, 'sales.csv');
      assert.equal(file.size_bytes, CSV.length);
      assert.equal(file.mime_type, 'text/csv');
      const listed = [];
      for await (const f of client.beta.files.list()) listed.push(f);
      assert.ok(listed.some((f) => f.id === file.id), 'listed');
      assert.deepEqual(await client.beta.files.retrieveMetadata(file.id), file, 'retrieveMetadata');
      assert.equal(await (await client.beta.files.download(file.id)).text(), CSV, 'download');
      const deleted = await client.beta.files.delete(file.id);
      assertNoProblems(filesDts.problems('BetaDeletedFile', deleted), 'BetaDeletedFile');
      await rejects(client.beta.files.retrieveMetadata(file.id), Anthropic.NotFoundError, 404, 'not_found_error');
    },
  },
  {
    name: 'seed-container-upload',
    steps: [{ tool_calls: [{ name: 'bash_code_execution', arguments: { command: READ_CSV } }] }, { text: 'saw {{last_tool_result}}' }],
    run: async (model) => {
      const file = await upload();
      const message = await client.beta.messages.create({
        model, max_tokens: 1024, betas: ['code-execution-2025-08-25', 'files-api-2025-04-14'],
        tools: [{ type: 'code_execution_20250825', name: 'code_execution' }],
        messages: [{ role: 'user', content: [
          { type: 'text', text: 'What is the total amount in this CSV?' },
          { type: 'container_upload', file_id: file.id },
        ] }],
      });
      const text = message.content.filter((b) => b.type === 'text').map((b) => b.text).join('');
      assert.ok(text.includes('contract-ok total 30'), `the answer: ${text}`);
      const result = message.content.find((b) => b.type === 'bash_code_execution_tool_result');
      assert.equal(result?.content?.return_code, 0, `the code read the file: ${JSON.stringify(result)}`);
      assert.deepEqual(result.content.content, [], 'reading the input file makes no output file');
      assert.ok(message.container?.id, 'the response names its container');
    },
  },
  {
    // Files the code makes come back by file_id (bash_code_execution_output), downloadable through the Files
    // API; a symlink (to a host path), a hidden file and the unchanged input file are not outputs.
    name: 'code-output-files',
    steps: [{ tool_calls: [{ name: 'bash_code_execution', arguments: { command: WRITE_SUMMARY } }] }, { text: 'saw {{last_tool_result}}' }],
    run: async (model) => {
      const file = await upload();
      const message = await client.beta.messages.create({
        model, max_tokens: 1024, betas: ['code-execution-2025-08-25', 'files-api-2025-04-14'],
        tools: [{ type: 'code_execution_20250825', name: 'code_execution' }],
        messages: [{ role: 'user', content: [
          { type: 'text', text: 'Summarise this CSV into summary.txt' },
          { type: 'container_upload', file_id: file.id },
        ] }],
      });
      const result = message.content.find((b) => b.type === 'bash_code_execution_tool_result');
      assert.equal(result?.content?.return_code, 0, `the code ran: ${JSON.stringify(result)}`);
      const outputs = result.content.content;
      assert.equal(outputs.length, 1, `one output file (not the link, the hidden file or the input): ${JSON.stringify(outputs)}`);
      assert.equal(outputs[0].type, 'bash_code_execution_output');
      assert.match(outputs[0].file_id, /^file_[a-z0-9]{24}$/);
      assert.notEqual(outputs[0].file_id, file.id, 'a new file, not the upload');
      const meta = await client.beta.files.retrieveMetadata(outputs[0].file_id);
      assertNoProblems(filesDts.problems('BetaFileMetadata', meta), 'BetaFileMetadata');
      assert.equal(meta.filename, 'summary.txt');
      assert.equal(meta.size_bytes, SUMMARY.length);
      assert.equal(await (await client.beta.files.download(outputs[0].file_id)).text(), SUMMARY, 'download');
      await rejects(other.beta.files.download(outputs[0].file_id), Anthropic.NotFoundError, 404);
    },
  },
  {
    // code_execution_20250522's Python: code_execution_output.
    name: 'python-output-files',
    steps: [{ tool_calls: [{ name: 'python', arguments: { code: WRITE_PY } }] }, { text: 'saw {{last_tool_result}}' }],
    run: async (model) => {
      const message = await client.beta.messages.create({
        model, max_tokens: 1024, betas: ['code-execution-2025-05-22'],
        tools: [{ type: 'code_execution_20250522', name: 'code_execution' }],
        messages: [{ role: 'user', content: 'Write out.csv' }],
      });
      const result = message.content.find((b) => b.type === 'code_execution_tool_result');
      assert.equal(result?.content?.return_code, 0, `the code ran: ${JSON.stringify(result)}`);
      const outputs = result.content.content;
      assert.deepEqual(outputs.map((o) => o.type), ['code_execution_output'], JSON.stringify(outputs));
      assert.equal(await (await client.beta.files.download(outputs[0].file_id)).text(), 'a,b\n1,2\n', 'download');
    },
  },
  {
    name: 'errors',
    run: async (model) => {
      await rejects(client.beta.files.retrieveMetadata('file_aaaaaaaaaaaaaaaaaaaaaaaa'), Anthropic.NotFoundError, 404,
        'not_found_error');
      const mine = await upload();
      await rejects(other.beta.files.retrieveMetadata(mine.id), Anthropic.NotFoundError, 404);
      await rejects(other.beta.files.download(mine.id), Anthropic.NotFoundError, 404);
      const big = await rejects(upload(tiny, Buffer.alloc(5000, 'x'), 'big.csv'), Anthropic.APIError, 413, 'request_too_large');
      // What was too large and what is allowed, in true figures (an empty workspace, a 1000-byte quota).
      assert.match(big.error.error.message, /^storing 5000 bytes would pass this workspace's quota: 0 bytes used by its files and documents \+ 4\.88 KiB > the limit of 1000 bytes/);
      await rejects(client.beta.messages.create({
        model, max_tokens: 64, tools: [{ type: 'code_execution_20250825', name: 'code_execution' }],
        messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }, { type: 'container_upload', file_id: 'file_nothing' }] }],
      }), Anthropic.NotFoundError, 404, 'not_found_error');
    },
  },
];

await runCases(cases);
