// Files in, as Google takes them (issue 32), with the official @google/genai SDK against `sandbench serve`:
// ai.files (upload over the resumable protocol, get, list, delete; download refused as Google refuses it for
// an upload), the seed scenario both ways Google
// documents for code execution with file input (a CSV as an inlineData part, and as a fileData part naming
// an uploaded file) whose code reads it, and the errors in Google's shape (unknown file, another workspace's
// file, a file over the workspace's quota, a CSV without the codeExecution tool).
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiError, GoogleGenAI } from '@google/genai';
import { Dts } from './lib/dts.mjs';
import { apiKey, assertNoProblems, baseURL, runCases } from './lib/contract.mjs';

const apiRoot = baseURL.replace(/\/v1\/?$/, ''); // http://127.0.0.1:PORT/api
const serverRoot = apiRoot.replace(/\/api$/, '');
const genai = (key, root = apiRoot) => new GoogleGenAI({ apiKey: key, httpOptions: { baseUrl: root } });
const ai = genai(apiKey);
const atRoot = genai(apiKey, serverRoot);
const other = genai(process.env.SANDBENCH_SHORT_LIMIT_KEY);
const tiny = genai(process.env.SANDBENCH_TINY_QUOTA_KEY);
const dts = new Dts('@google/genai/dist/node/node.d.ts', { classes: true });

const CSV = 'region,amount\nnorth,10\nsouth,20\n';
const upload = (client = ai, text = CSV, displayName = 'sales.csv') =>
  client.files.upload({ file: new Blob([text], { type: 'text/csv' }), config: { displayName, mimeType: 'text/csv' } });
const readCsv = (name) => [
  'import csv',
  `print('contract-ok total', sum(int(r['amount']) for r in csv.DictReader(open('${name}'))))`,
].join('\n');
const steps = (name) => [{ tool_calls: [{ name: 'python', arguments: { code: readCsv(name) } }] }, { text: 'saw {{last_tool_result}}' }];

async function rejects(promise, status) {
  const error = await promise.then(() => null, (e) => e);
  assert.ok(error instanceof ApiError, `ApiError, got ${error?.constructor?.name}: ${error?.message}`);
  assert.equal(error.status, status, `status of ${error.message}`);
  return error;
}

const cases = [
  {
    name: 'files-crud',
    run: async () => {
      for (const client of [ai, atRoot]) {
        const file = await upload(client);
        assertNoProblems(dts.problems('File_2', file), 'File');
        assert.match(file.name, /^files\/[a-z0-9]+$/);
        assert.equal(file.sizeBytes, String(CSV.length));
        assert.equal(file.mimeType, 'text/csv');
        assert.equal(file.displayName, 'sales.csv');
        assert.equal(file.state, 'ACTIVE');
        assert.deepEqual(await client.files.get({ name: file.name }), file, 'get');
        const listed = [];
        for await (const f of await client.files.list({ config: { pageSize: 2 } })) listed.push(f);
        assert.ok(listed.some((f) => f.name === file.name), 'listed (paged by 2)');
        await client.files.delete({ name: file.name });
        await rejects(client.files.get({ name: file.name }), 404);
      }
    },
  },
  {
    name: 'download-uploaded',
    run: async () => {
      // Google serves back only the files it generated (source GENERATED, with a downloadUri), never an upload:
      // ai.files.download of an uploaded file is refused in Google's shape, saying so, whichever way the SDK
      // is given the file. Its uri is where this server has it (http://); the SDK parses only https:// uris and
      // passes this one whole as a name, which the server reads as the name it ends with.
      const downloadPath = join(tmpdir(), `sandbench-genai-download-${process.pid}.csv`);
      for (const [client, root] of [[ai, apiRoot], [atRoot, serverRoot]]) {
        const file = await upload(client);
        assert.equal(file.source, 'UPLOADED');
        assert.equal(file.downloadUri, undefined, 'an upload has no downloadUri');
        assert.equal(file.uri, `${root}/v1beta/${file.name}`);
        assert.deepEqual(await client.files.get({ name: file.uri }), file, 'get by uri');
        for (const given of [file, file.name, file.uri]) {
          const error = await rejects(client.files.download({ file: given, downloadPath }), 400);
          const body = JSON.parse(error.message).error;
          assert.equal(body.code, 400);
          assert.equal(body.status, 'INVALID_ARGUMENT');
          assert.match(body.message, new RegExp(`^File ${file.name} was uploaded .*cannot be downloaded: only generated files`),
            `download of ${typeof given === 'string' ? given : 'the File'}`);
        }
        assert.ok(!existsSync(downloadPath), 'nothing was written');
        const unknown = await rejects(client.files.download({ file: 'files/aaaaaaaaaaaaaaaaaaaaaaaa', downloadPath }), 404);
        assert.equal(JSON.parse(unknown.message).error.message, 'File files/aaaaaaaaaaaaaaaaaaaaaaaa does not exist in this workspace');
        await client.files.delete({ name: file.uri });
        await rejects(client.files.get({ name: file.name }), 404);
        await rejects(client.files.download({ file: file.name, downloadPath }), 404);
      }
      // Another workspace's file is unknown here, downloaded by its name or uri alike.
      const mine = await upload();
      await rejects(other.files.download({ file: mine.name, downloadPath }), 404);
      await rejects(other.files.download({ file: mine, downloadPath }), 404);
      // A uri of something else than a file is refused, not read as a file.
      const wrong = await rejects(ai.files.get({ name: `${apiRoot}/v1beta/models/x` }), 404);
      assert.match(JSON.parse(wrong.message).error.message, /is not the uri of a file of this server/);
    },
  },
  {
    name: 'seed-inline',
    steps: steps('input_file_0.csv'),
    run: async (model) => {
      const response = await ai.models.generateContent({
        model, config: { tools: [{ codeExecution: {} }] },
        contents: [{ role: 'user', parts: [
          { text: 'What is the total amount in this CSV?' },
          { inlineData: { mimeType: 'text/csv', data: Buffer.from(CSV).toString('base64') } },
        ] }],
      });
      assert.ok(response.text.includes('contract-ok total 30'), `the answer: ${response.text}`);
    },
  },
  {
    name: 'seed-file-data',
    steps: steps('/mnt/data/sales.csv'),
    run: async (model) => {
      const file = await upload();
      const response = await ai.models.generateContent({
        model, config: { tools: [{ codeExecution: {} }] },
        contents: [{ role: 'user', parts: [
          { text: 'What is the total amount in this CSV?' },
          { fileData: { fileUri: file.uri, mimeType: file.mimeType } },
        ] }],
      });
      assert.ok(response.text.includes('contract-ok total 30'), `the answer: ${response.text}`);
    },
  },
  {
    name: 'errors',
    run: async (model) => {
      await rejects(ai.files.get({ name: 'files/aaaaaaaaaaaaaaaaaaaaaaaa' }), 404);
      const mine = await upload();
      await rejects(other.files.get({ name: mine.name }), 404);
      await rejects(other.files.delete({ name: mine.name }), 404);
      await rejects(upload(tiny, 'x'.repeat(5000), 'big.csv'), 413);
      const noTool = await rejects(ai.models.generateContent({
        model, contents: [{ role: 'user', parts: [{ inlineData: { mimeType: 'text/csv', data: 'YSxi' } }] }],
      }), 400);
      assert.match(noTool.message, /codeExecution/);
      await rejects(ai.models.generateContent({
        model, config: { tools: [{ codeExecution: {} }] },
        contents: [{ role: 'user', parts: [{ text: 'hi' }, { fileData: { fileUri: 'files/nothing', mimeType: 'text/csv' } }] }],
      }), 404);
    },
  },
];

await runCases(cases);
