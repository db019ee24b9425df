// The official openai SDK (argument: the package, "openai" for the current major or "openai-v6") against
// `sandbench serve`: responses.create and the responses.stream() helper, with openrouter:shell and OpenAI's
// native shell tool, and the SDK's typed errors (their bodies as it types them). Assertions follow the SDK's own .d.ts (see lib/dts.mjs).
import assert from 'node:assert/strict';
import { Dts } from './lib/dts.mjs';
import {
  COMMANDS, EXIT_0, STDOUT, apiKey, assertAnswer, assertNoProblems, baseURL, runCases, shellSteps,
} from './lib/contract.mjs';

const pkg = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 'openai';
const { default: OpenAI } = await import(pkg);
const dts = new Dts(`${pkg}/resources/responses/responses.d.ts`);
const eventTypes = dts.literalsOf('ResponseStreamEvent');
const itemTypes = new Set(dts.unions.get('ResponseOutputItem').map((m) => dts.typeLiteral(m)));
const client = new OpenAI({ baseURL, apiKey, maxRetries: 0 });
const sharedDts = new Dts(`${pkg}/resources/shared.d.ts`);

// An error body as the SDK types it: the body's error object is an ErrorObject (code and param a string or
// null, type a string), which APIError reads into its code, param and type.
function assertErrorBody(error) {
  assertNoProblems(sharedDts.problems('ErrorObject', error.error), `the error body ${JSON.stringify(error.error)}`);
  for (const field of ['code', 'param'])
    assert.ok(error[field] === null || typeof error[field] === 'string', `APIError.${field}: ${JSON.stringify(error[field])}`);
  assert.equal(typeof error.type, 'string', 'APIError.type');
}

const openrouterShell = [{ type: 'openrouter:shell' }];
const nativeShell = [{ type: 'shell', environment: { type: 'container_auto' } }];

// The response, its usage and every output item of a type the SDK declares, against the d.ts.
function responseProblems(response) {
  const problems = dts.problems('Response', response);
  if (response.usage !== undefined) {
    problems.push(...dts.problems('ResponseUsage', response.usage, 'Response.usage'));
    problems.push(...dts.problems('ResponseUsage.InputTokensDetails', response.usage.input_tokens_details ?? {},
                                  'Response.usage.input_tokens_details'));
    problems.push(...dts.problems('ResponseUsage.OutputTokensDetails', response.usage.output_tokens_details ?? {},
                                  'Response.usage.output_tokens_details'));
  }
  response.output.forEach((item, i) => {
    const where = `Response.output[${i}]`;
    if (item.type === 'message') {
      problems.push(...dts.problems('ResponseOutputMessage', item, where));
      item.content?.forEach((part, j) => problems.push(...dts.problems('ResponseOutputText', part, `${where}.content[${j}]`)));
    } else if (item.type === 'shell_call') {
      problems.push(...dts.problems('ResponseFunctionShellToolCall', item, where));
      problems.push(...dts.problems('ResponseFunctionShellToolCall.Action', item.action, `${where}.action`));
    } else if (item.type === 'shell_call_output') {
      problems.push(...dts.problems('ResponseFunctionShellToolCallOutput', item, where));
      item.output?.forEach((o, j) => {
        problems.push(...dts.problems('ResponseFunctionShellToolCallOutput.Output', o, `${where}.output[${j}]`));
        if (o.outcome?.type === 'exit')
          problems.push(...dts.problems('ResponseFunctionShellToolCallOutput.Output.Exit', o.outcome, `${where}.output[${j}].outcome`));
      });
    }
  });
  return problems;
}

function assertCommon(response) {
  assert.equal(response.status, 'completed', `status (error: ${JSON.stringify(response.error)})`);
  assertAnswer(response.output_text, 'response.output_text');
  assert.equal(typeof response.usage?.server_tool_cost, 'number', `usage.server_tool_cost: ${JSON.stringify(response.usage)}`);
}

function assertOpenRouterShell(response) {
  assertCommon(response);
  const items = response.output.filter((item) => item.type === 'openrouter:shell');
  assert.equal(items.length, 1, `one openrouter:shell item in ${JSON.stringify(response.output.map((i) => i.type))}`);
  const [item] = items;
  assert.deepEqual(item.action?.commands, COMMANDS, 'openrouter:shell action.commands');
  assert.equal(item.status, 'completed', 'openrouter:shell status');
  assert.ok(typeof item.container_id === 'string' && item.container_id.length > 0, `container_id: ${item.container_id}`);
  assert.deepEqual(item.output?.map((o) => o.stdout), STDOUT, 'openrouter:shell output[].stdout');
  for (const o of item.output) assert.deepEqual(o.outcome, EXIT_0, 'openrouter:shell output[].outcome');
  assertNoProblems(responseProblems(response), 'the response');
}

function assertNativeShell(response) {
  assertCommon(response);
  const unknown = response.output.map((i) => i.type).filter((t) => !itemTypes.has(t));
  assert.deepEqual(unknown, [], 'every output item is a ResponseOutputItem type');
  const call = response.output.find((item) => item.type === 'shell_call');
  assert.ok(call, `a shell_call item in ${JSON.stringify(response.output.map((i) => i.type))}`);
  assert.deepEqual(call.action?.commands, COMMANDS, 'shell_call action.commands');
  // The d.ts has one place for the container of a hosted shell call: environment {type: container_reference}.
  assert.equal(call.environment?.type, 'container_reference', `shell_call.environment: ${JSON.stringify(call.environment)}`);
  assert.ok(typeof call.environment.container_id === 'string' && call.environment.container_id.length > 0,
            'shell_call.environment.container_id');
  const out = response.output.find((item) => item.type === 'shell_call_output');
  assert.ok(out, 'a shell_call_output item');
  assert.equal(out.call_id, call.call_id, 'shell_call_output.call_id matches the shell_call');
  assert.deepEqual(out.output?.map((o) => o.stdout), STDOUT, 'shell_call_output output[].stdout');
  for (const o of out.output) assert.deepEqual(o.outcome, EXIT_0, 'shell_call_output output[].outcome');
  assertNoProblems(responseProblems(response), 'the response');
}

// Every event is one the SDK's ResponseStreamEvent union declares, with that interface's required fields.
function eventProblems(events) {
  const problems = [];
  events.forEach((event, i) => {
    const name = eventTypes[event.type];
    if (!name) problems.push(`event ${i} "${event.type}" is not in ResponseStreamEvent`);
    else problems.push(...dts.problems(name, event, `event ${i} ${event.type}`));
    // Lifecycle events carry the whole Response, typed as the final one is (output_text is the SDK's own).
    if (name && event.response)
      problems.push(...dts.problems('Response', event.response, `event ${i} ${event.type}.response`, ['output_text']));
  });
  return problems;
}

async function streamed(model, tools) {
  const stream = client.responses.stream({ model, input: 'Run the commands', tools });
  const events = [];
  let text = '';
  for await (const event of stream) {
    events.push(event);
    if (event.type === 'response.output_text.delta') text += event.delta;
  }
  const response = await stream.finalResponse();
  assert.equal(events[0]?.type, 'response.created', 'first event');
  assert.equal(events.at(-1)?.type, 'response.completed', 'last event');
  assert.equal(text, response.output_text, 'output_text.delta events add up to output_text');
  return { response, events };
}

await runCases([
  {
    name: 'create-openrouter-shell',
    steps: shellSteps(),
    run: async (model) => assertOpenRouterShell(await client.responses.create({ model, input: 'Run the commands', tools: openrouterShell })),
  },
  {
    name: 'create-native-shell',
    steps: shellSteps(),
    run: async (model) => assertNativeShell(await client.responses.create({ model, input: 'Run the commands', tools: nativeShell })),
  },
  {
    name: 'stream-openrouter-shell',
    steps: shellSteps(3),
    run: async (model) => {
      const { response, events } = await streamed(model, openrouterShell);
      assertOpenRouterShell(response);
      assertNoProblems(eventProblems(events), 'the event stream');
    },
  },
  {
    name: 'stream-native-shell',
    steps: shellSteps(3),
    run: async (model) => {
      const { response, events } = await streamed(model, nativeShell);
      assertNativeShell(response);
      const done = events.filter((e) => e.type === 'response.output_item.done').map((e) => e.item.type);
      assert.ok(done.includes('shell_call') && done.includes('shell_call_output'), `output_item.done items: ${done}`);
      assertNoProblems(eventProblems(events), 'the event stream');
    },
  },
  {
    name: 'error-bad-key',
    run: async (model) => {
      const bad = new OpenAI({ baseURL, apiKey: 'sbk_wrong', maxRetries: 0 });
      const error = await bad.responses.create({ model, input: 'hi' }).then(() => null, (e) => e);
      assert.ok(error instanceof OpenAI.AuthenticationError, `AuthenticationError, got ${error?.constructor?.name}: ${error?.message}`);
      assert.equal(error.status, 401);
      assert.ok(error.message.length > 0 && typeof error.error?.message === 'string', `error body: ${JSON.stringify(error.error)}`);
      assertErrorBody(error);
      assert.equal(error.code, 'invalid_api_key');
    },
  },
  {
    name: 'error-bad-request',
    run: async (model) => {
      const tools = [{ type: 'openrouter:shell', parameters: { timeout_ms: 300001 } }];
      const error = await client.responses.create({ model, input: 'hi', tools }).then(() => null, (e) => e);
      assert.ok(error instanceof OpenAI.BadRequestError, `BadRequestError, got ${error?.constructor?.name}: ${error?.message}`);
      assert.equal(error.status, 400);
      assert.match(error.message, /timeout_ms/, 'the message names the bad parameter');
      assert.equal(typeof error.error?.message, 'string', `error body: ${JSON.stringify(error.error)}`);
      assertErrorBody(error);
      assert.equal(error.type, 'invalid_request_error');
    },
  },
]);
