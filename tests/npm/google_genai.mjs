// The official @google/genai SDK against `sandbench serve`: models.generateContent and
// models.generateContentStream with the codeExecution tool (Python run in the sandbox, whatever the upstream
// model speaks), functionDeclarations, chats (history replayed with its executableCode parts), the key as
// Google's clients send it (x-goog-api-key header, ?key= query) and ApiError. Every object is checked against
// the SDK's .d.ts (see lib/dts.mjs): Gemini's types are all optional, so the check is that each field is one
// the SDK declares and of its declared kind; enum fields must hold one of the SDK's enum values.
//
// Base URL: the SDK appends /v1beta/models/{model}:generateContent itself, so it is given the API root
// (…/api, or the server's root: both are served).
//
// Environment besides lib/contract.mjs: SANDBENCH_SHORT_LIMIT_KEY, a key of a workspace whose
// code_execution_timeout_seconds is SANDBENCH_SHORT_LIMIT_SECONDS (the deadline case).
import assert from 'node:assert/strict';
import { ApiError, FinishReason, GenerateContentResponse, GoogleGenAI, Language, Outcome, Type } from '@google/genai';
import { Dts } from './lib/dts.mjs';
import { apiKey, assertAnswer, assertNoProblems, baseURL, runCases, upstream } from './lib/contract.mjs';

const apiRoot = baseURL.replace(/\/v1\/?$/, ''); // http://127.0.0.1:PORT/api
const serverRoot = apiRoot.replace(/\/api$/, ''); // http://127.0.0.1:PORT
const genai = (options = {}) =>
  new GoogleGenAI({ apiKey, ...options, httpOptions: { baseUrl: apiRoot, ...options.httpOptions } });
const ai = genai();
const dts = new Dts('@google/genai/dist/node/node.d.ts', { classes: true });
const codeExecution = [{ codeExecution: {} }];

const PY = 'print("contract-ok")';
// A 1x1 PNG.
const DOT_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const pythonStep = (code, text) => ({ ...(text ? { text } : {}), tool_calls: [{ name: 'python', arguments: { code } }] });
const answerStep = (chunks = 1) => ({ text: 'saw {{last_tool_result}}', chunks });

// Problems of value against the d.ts type name: declared kinds (dts.problems) and no field the SDK does not
// declare, recursively through the types a GenerateContentResponse holds.
const nested = {
  GenerateContentResponse: { candidates: ['Candidate'], usageMetadata: 'GenerateContentResponseUsageMetadata' },
  Candidate: { content: 'Content' },
  Content: { parts: ['Part'] },
  Part: {
    executableCode: 'ExecutableCode', codeExecutionResult: 'CodeExecutionResult', functionCall: 'FunctionCall', inlineData: 'Blob_2',
  },
  GenerateContentResponseUsageMetadata: { promptTokensDetails: ['ModalityTokenCount'] },
};
const enums = {
  'Candidate.finishReason': FinishReason,
  'ExecutableCode.language': Language,
  'CodeExecutionResult.outcome': Outcome,
};
function problems(name, value, where = name) {
  const out = dts.problems(name, value, where);
  if (value === null || typeof value !== 'object') return out;
  const declared = new Set(dts.fields(name).map((f) => f.name));
  for (const [key, v] of Object.entries(value)) {
    if (!declared.has(key)) out.push(`${where}.${key}: not a field of ${name} in the SDK's d.ts`);
    const values = enums[`${name}.${key}`];
    if (values && !Object.values(values).includes(v)) out.push(`${where}.${key}: ${JSON.stringify(v)} is not a ${name}.${key} value`);
    const inner = nested[name]?.[key];
    if (Array.isArray(inner)) v?.forEach?.((item, i) => out.push(...problems(inner[0], item, `${where}.${key}[${i}]`)));
    else if (inner && v !== undefined) out.push(...problems(inner, v, `${where}.${key}`));
  }
  return out;
}
// The SDK adds sdkHttpResponse itself; the rest is what the server sent.
function responseProblems(response, where = 'response') {
  assert.ok(response instanceof GenerateContentResponse, `${where} is a GenerateContentResponse`);
  const { sdkHttpResponse, ...sent } = response;
  return problems('GenerateContentResponse', sent, where);
}

const partsOf = (response) => response.candidates?.[0]?.content?.parts ?? [];
const kinds = (parts) => parts.map((p) => Object.keys(p).join('+'));
const containerOf = (response) => response.sdkHttpResponse?.headers?.['x-sandbench-container-id'];

// The parts of one code run: text, executableCode, codeExecutionResult, final text (when the model wrote text
// first), as Google orders them.
function assertCodeParts(parts, code, { outcome = Outcome.OUTCOME_OK, output, leadingText } = {}) {
  const expected = [...(leadingText ? ['text'] : []), 'executableCode', 'codeExecutionResult', 'text'];
  assert.deepEqual(kinds(parts), expected, 'the parts in order');
  if (leadingText) assert.equal(parts[0].text, leadingText, 'the text before the code');
  const exec = parts.find((p) => p.executableCode).executableCode;
  const result = parts.find((p) => p.codeExecutionResult).codeExecutionResult;
  assert.equal(exec.language, Language.PYTHON, 'executableCode.language');
  assert.equal(exec.code, code, 'executableCode.code');
  assert.equal(result.outcome, outcome, `codeExecutionResult.outcome (output ${JSON.stringify(result.output)})`);
  if (typeof output === 'string') assert.equal(result.output, output, 'codeExecutionResult.output');
  else if (output) assert.match(result.output, output, 'codeExecutionResult.output');
  assert.equal(result.id, exec.id, 'codeExecutionResult.id names its executableCode');
  return { exec, result, text: parts.at(-1).text };
}

function assertFinished(response, model) {
  assert.equal(response.candidates?.length, 1, 'one candidate');
  assert.equal(response.candidates[0].finishReason, FinishReason.STOP, 'finishReason');
  assert.equal(response.candidates[0].content.role, 'model', 'content.role');
  const usage = response.usageMetadata;
  assert.equal(typeof usage?.promptTokenCount, 'number', `usageMetadata.promptTokenCount: ${JSON.stringify(usage)}`);
  assert.equal(typeof usage.candidatesTokenCount, 'number', 'usageMetadata.candidatesTokenCount');
  assert.equal(usage.totalTokenCount, usage.promptTokenCount + usage.candidatesTokenCount, 'usageMetadata.totalTokenCount');
  assert.equal(response.modelVersion, model, 'modelVersion');
  assert.ok(typeof response.responseId === 'string' && response.responseId.length > 0, 'responseId');
  assert.ok(typeof containerOf(response) === 'string' && containerOf(response).length > 0,
            `x-sandbench-container-id: ${JSON.stringify(response.sdkHttpResponse?.headers)}`);
}

async function streamed(model, request) {
  const chunks = [];
  for await (const chunk of await ai.models.generateContentStream({ model, ...request })) chunks.push(chunk);
  const found = [];
  chunks.forEach((c, i) => found.push(...responseProblems(c, `chunk ${i}`)));
  assertNoProblems(found, 'the stream chunks');
  assert.ok(chunks.length > 1, `several chunks, got ${chunks.length}`);
  for (const c of chunks.slice(0, -1)) assert.equal(c.candidates[0].finishReason, undefined, 'only the last chunk has a finishReason');
  // Consecutive text deltas are one text part of the whole answer.
  const parts = [];
  for (const c of chunks)
    for (const p of partsOf(c)) {
      if (typeof p.text === 'string' && typeof parts.at(-1)?.text === 'string') parts.at(-1).text += p.text;
      else if (p.text !== '') parts.push({ ...p });
    }
  return { chunks, last: chunks.at(-1), parts };
}

await runCases([
  {
    name: 'generate-code',
    steps: [pythonStep(PY, 'Let me run it.'), answerStep()],
    run: async (model) => {
      const response = await ai.models.generateContent({ model, contents: 'Run the code', config: { tools: codeExecution } });
      assertNoProblems(responseProblems(response), 'the response');
      const { text } = assertCodeParts(partsOf(response), PY, { output: 'contract-ok\n', leadingText: 'Let me run it.' });
      assertAnswer(text, 'the final text part');
      assert.equal(response.executableCode, PY, 'response.executableCode');
      assert.equal(response.codeExecutionResult, 'contract-ok\n', 'response.codeExecutionResult');
      assertFinished(response, model);
    },
  },
  {
    name: 'stream-code',
    steps: [pythonStep(PY, 'Let me run it.'), answerStep(3)],
    run: async (model) => {
      const { last, parts } = await streamed(model, { contents: 'Run the code', config: { tools: codeExecution } });
      const { text } = assertCodeParts(parts, PY, { output: 'contract-ok\n', leadingText: 'Let me run it.' });
      assertAnswer(text, 'the streamed text');
      assertFinished(last, model);
    },
  },
  // Runs with one x-session-id share the container and its Python kernel: variables persist. The output is
  // what the code printed, as Google documents CodeExecutionResult.output ("stdout"): a bare last
  // expression shows nothing, unlike a notebook cell of the OpenAI or Anthropic REPL contracts.
  {
    name: 'session-state',
    steps: [pythonStep('y = 21\nprint("contract-ok")'), answerStep(),
            pythonStep('print("contract-ok", y * 2)\ny * 2'), answerStep()],
    run: async (model) => {
      const session = genai({ httpOptions: { headers: { 'x-session-id': `notebook-${Date.now()}` } } });
      const first = await session.models.generateContent({ model, contents: 'Set y', config: { tools: codeExecution } });
      assertNoProblems(responseProblems(first), 'the first response');
      assertCodeParts(partsOf(first), 'y = 21\nprint("contract-ok")', { output: 'contract-ok\n' });
      const second = await session.models.generateContent({ model, contents: 'Use y', config: { tools: codeExecution } });
      assertNoProblems(responseProblems(second), 'the second response');
      assertCodeParts(partsOf(second), 'print("contract-ok", y * 2)\ny * 2', { output: 'contract-ok 42\n' });
      assert.equal(containerOf(second), containerOf(first), 'one container for the session');
    },
  },
  {
    name: 'code-error',
    steps: [pythonStep('raise ValueError("contract-error")'), answerStep()],
    run: async (model) => {
      const response = await ai.models.generateContent({ model, contents: 'Run it', config: { tools: codeExecution } });
      assertNoProblems(responseProblems(response), 'the response');
      const { text } = assertCodeParts(partsOf(response), 'raise ValueError("contract-error")', {
        outcome: Outcome.OUTCOME_FAILED, output: /ValueError: contract-error/,
      });
      assert.ok(text.startsWith('saw ') && text.includes('contract-error'), `the model saw the error: ${text}`);
      assertFinished(response, model);
    },
  },
  {
    // sys.exit(3): a failed run whose output says the status (Outcome: "output contains the stderr and
    // stdout"), as a script's exit; the state of the session's kernel is kept.
    name: 'exit',
    steps: [pythonStep('import sys\nprint("contract-ok")\nsys.exit(3)'), answerStep()],
    run: async (model) => {
      const response = await ai.models.generateContent({ model, contents: 'Exit', config: { tools: codeExecution } });
      assertNoProblems(responseProblems(response), 'the response');
      assertCodeParts(partsOf(response), 'import sys\nprint("contract-ok")\nsys.exit(3)', {
        outcome: Outcome.OUTCOME_FAILED, output: 'contract-ok\nThe program exited with code 3.',
      });
      assertFinished(response, model);
    },
  },
  {
    name: 'deadline',
    steps: [pythonStep('import time\nprint("started", flush=True)\ntime.sleep(60)'), answerStep()],
    run: async (model) => {
      const seconds = process.env.SANDBENCH_SHORT_LIMIT_SECONDS;
      assert.ok(process.env.SANDBENCH_SHORT_LIMIT_KEY && seconds, 'SANDBENCH_SHORT_LIMIT_KEY and _SECONDS are set');
      const short = genai({ apiKey: process.env.SANDBENCH_SHORT_LIMIT_KEY });
      const response = await short.models.generateContent({ model, contents: 'Sleep', config: { tools: codeExecution } });
      assertNoProblems(responseProblems(response), 'the response');
      const { result } = assertCodeParts(partsOf(response), 'import time\nprint("started", flush=True)\ntime.sleep(60)', {
        outcome: Outcome.OUTCOME_DEADLINE_EXCEEDED, output: new RegExp(`^started\\n[^]*${seconds}-second limit`),
      });
      assert.ok(!result.output.includes('30-second'), 'the workspace setting, not Google\'s 30 s, was the limit');
      assertFinished(response, model);
    },
  },
  {
    name: 'image',
    steps: [pythonStep(`import base64\nopen("dot.png", "wb").write(base64.b64decode("${DOT_PNG}"))`), answerStep()],
    run: async (model) => {
      // An image the code saves comes back after its result as an inlineData part, as Google returns graphs.
      const response = await ai.models.generateContent({ model, contents: 'Draw a dot', config: { tools: codeExecution } });
      assertNoProblems(responseProblems(response), 'the response');
      const parts = partsOf(response);
      assert.deepEqual(kinds(parts), ['executableCode', 'codeExecutionResult', 'inlineData', 'text'], 'the parts in order');
      assert.equal(parts[1].codeExecutionResult.outcome, Outcome.OUTCOME_OK, 'codeExecutionResult.outcome');
      assert.equal(parts[2].inlineData.mimeType, 'image/png', 'inlineData.mimeType');
      assert.equal(parts[2].inlineData.data, DOT_PNG, 'inlineData.data: the saved file, base64');
    },
  },
  {
    name: 'function-call',
    steps: [{ tool_calls: [{ name: 'get_weather', arguments: { city: 'Paris' } }] }, answerStep()],
    run: async (model) => {
      const tools = [{ codeExecution: {} }, {
        functionDeclarations: [{
          name: 'get_weather', description: 'The weather in a city',
          parameters: { type: Type.OBJECT, properties: { city: { type: Type.STRING } }, required: ['city'] },
        }],
      }];
      const first = await ai.models.generateContent({ model, contents: 'Weather in Paris?', config: { tools } });
      assertNoProblems(responseProblems(first), 'the response');
      assert.deepEqual(first.functionCalls?.map((c) => [c.name, c.args]), [['get_weather', { city: 'Paris' }]], 'response.functionCalls');
      assertFinished(first, model);
      const call = first.functionCalls[0];
      const second = await ai.models.generateContent({
        model,
        contents: [
          { role: 'user', parts: [{ text: 'Weather in Paris?' }] },
          first.candidates[0].content,
          { role: 'user', parts: [{ functionResponse: { id: call.id, name: call.name, response: { temperature: 'contract-ok 21C' } } }] },
        ],
        config: { tools },
      });
      assertAnswer(second.text, 'the answer after the functionResponse');
      assert.ok(second.text.includes('21C'), `the model read the function's response: ${second.text}`);
    },
  },
  {
    name: 'shared-container',
    steps: [
      pythonStep('open("gemini-note.txt", "w").write("from-gemini")'),
      { text: 'written' },
      { tool_calls: [{ name: 'shell', arguments: { commands: ['cat gemini-note.txt'] } }] },
      answerStep(),
    ],
    run: async (model) => {
      const written = await ai.models.generateContent({ model, contents: 'Write the note', config: { tools: codeExecution } });
      assert.equal(written.codeExecutionResult, '', `the Python run succeeded: ${JSON.stringify(partsOf(written))}`);
      const container = containerOf(written);
      assert.ok(container, 'x-sandbench-container-id');
      // An openrouter:shell call of the Responses API in that container reads the file Python wrote.
      const res = await fetch(`${baseURL}/responses`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          model, input: 'Read the note',
          tools: [{ type: 'openrouter:shell', parameters: { engine: 'openrouter', environment: { type: 'container_reference', container_id: container } } }],
        }),
      });
      const body = await res.json();
      assert.equal(res.status, 200, `responses: ${JSON.stringify(body)}`);
      assert.equal(body.container_id, container, 'the shell call ran in the Gemini call\'s container');
      const text = body.output?.filter((i) => i.type === 'message').flatMap((m) => m.content).map((c) => c.text).join('');
      assert.ok(text.startsWith('saw ') && text.includes('from-gemini'), `the shell read the note: ${text}`);
    },
  },
  {
    name: 'session-chat',
    steps: [
      pythonStep('open("kept.txt", "w").write("contract-ok kept")'), { text: 'stored' },
      pythonStep('print(open("kept.txt").read())'), answerStep(),
    ],
    run: async (model) => {
      // Gemini has no container field: x-session-id picks the container (SPEC 1.4). The chat replays the first
      // turn's executableCode and codeExecutionResult parts in the second request.
      const session = `gemini-contract-${upstream}-${Date.now()}`;
      const client = genai({ httpOptions: { headers: { 'x-session-id': session } } });
      const chat = client.chats.create({ model, config: { tools: codeExecution } });
      // Streamed, the chat keeps one model Content per chunk; the next request replays them all.
      const chunks = [];
      for await (const chunk of await chat.sendMessageStream({ message: 'Store it' })) chunks.push(chunk);
      const first = chunks.at(-1);
      const firstParts = chunks.flatMap(partsOf).filter((p) => p.text !== '');
      assertCodeParts(firstParts, 'open("kept.txt", "w").write("contract-ok kept")', { output: '' });
      const second = await chat.sendMessage({ message: 'Read it back' });
      assertNoProblems(responseProblems(second), 'the second response');
      assertCodeParts(partsOf(second), 'print(open("kept.txt").read())', { output: 'contract-ok kept\n' });
      assert.equal(containerOf(second), containerOf(first), 'the same session, the same container');
      assert.equal(chat.getHistory(true).filter((c) => c.role === 'user').length, 2, 'the chat kept both questions');
    },
  },
  {
    name: 'key-in-query',
    steps: [pythonStep(PY), answerStep()],
    run: async (model) => {
      // A fetch that moves the key from the header into ?key=, as REST examples send it, at the server's root.
      const queryFetch = (url, init) => {
        const headers = new Headers(init.headers);
        const u = new URL(url);
        u.searchParams.set('key', headers.get('x-goog-api-key'));
        headers.delete('x-goog-api-key');
        return fetch(u, { ...init, headers });
      };
      const client = genai({ httpOptions: { baseUrl: serverRoot, fetch: queryFetch } });
      const response = await client.models.generateContent({ model, contents: 'Run the code', config: { tools: codeExecution } });
      assert.equal(response.codeExecutionResult, 'contract-ok\n', 'response.codeExecutionResult');
      assertAnswer(response.text, 'response.text');
      const bad = genai({ apiKey: 'sbk_wrong', httpOptions: { baseUrl: serverRoot, fetch: queryFetch } });
      const error = await bad.models.generateContent({ model, contents: 'x' }).then(() => null, (e) => e);
      assert.ok(error instanceof ApiError, `ApiError, got ${error?.constructor?.name}: ${error?.message}`);
      assert.equal(error.status, 401);
      assert.equal(JSON.parse(error.message).error?.status, 'UNAUTHENTICATED', error.message);
    },
  },
  {
    name: 'models-list',
    run: async () => {
      // models.list() pages through GET /v1beta/models: every model of the workspace, named as generateContent
      // takes it.
      const models = [];
      for await (const m of await ai.models.list()) models.push(m);
      const found = models.flatMap((m, i) => problems('Model', m, `model ${i}`));
      assertNoProblems(found, 'the models');
      const provider = process.env.SANDBENCH_MODEL.split('/')[0];
      const ours = models.filter((m) => m.name?.startsWith(`models/${provider}/`));
      assert.ok(ours.length > 0, `a model of ${provider}: ${JSON.stringify(models.map((m) => m.name))}`);
      assert.ok(ours.every((m) => m.supportedActions?.includes('generateContent')), 'supportedActions');
    },
  },
  {
    name: 'error-bad-key',
    run: async (model) => {
      for (const stream of [false, true]) {
        const bad = genai({ apiKey: 'sbk_wrong' });
        const call = stream
          ? bad.models.generateContentStream({ model, contents: 'x' })
          : bad.models.generateContent({ model, contents: 'x' });
        const error = await call.then(() => null, (e) => e);
        assert.ok(error instanceof ApiError, `ApiError, got ${error?.constructor?.name}: ${error?.message}`);
        assert.equal(error.status, 401);
        const body = JSON.parse(error.message);
        assert.equal(body.error?.code, 401, error.message);
        assert.equal(body.error?.status, 'UNAUTHENTICATED', error.message);
        assert.match(body.error?.message ?? '', /x-goog-api-key/, 'the message says how to send the key');
      }
    },
  },
  {
    name: 'error-bad-request',
    run: async (model) => {
      const error = await ai.models.generateContent({ model, contents: 'x', config: { tools: [{ googleSearch: {} }] } })
        .then(() => null, (e) => e);
      assert.ok(error instanceof ApiError, `ApiError, got ${error?.constructor?.name}: ${error?.message}`);
      assert.equal(error.status, 400);
      const body = JSON.parse(error.message);
      assert.equal(body.error?.status, 'INVALID_ARGUMENT', error.message);
      assert.match(body.error?.message ?? '', /tools\[0\]\.googleSearch/, 'the message names the field');
      assert.equal(body.error?.details?.[0]?.fieldViolations?.[0]?.field, 'tools[0].googleSearch', 'BadRequest.fieldViolations');
      const missing = await ai.models.generateContent({ model: 'nosuchprovider/model', contents: 'x' }).then(() => null, (e) => e);
      assert.ok(missing instanceof ApiError && missing.status >= 400, `an unknown model is an ApiError: ${missing?.message}`);
      assert.ok(JSON.parse(missing.message).error?.status, 'with a Google status word');
    },
  },
]);
