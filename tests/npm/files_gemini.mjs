// Files in, as Google takes them (issue 32), with the official @google/genai SDK against `sandbench serve`:
// ai.files (upload over the resumable protocol, get, list, delete), the seed scenario both ways Google
// documents for code execution with file input (a CSV as an inlineData part, and as a fileData part naming
// an uploaded file) whose code reads it, and the errors in Google's shape (unknown file, another workspace's
// file, a file over the workspace's quota, a CSV without the codeExecution tool).
import assert from 'node:assert/strict';
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
