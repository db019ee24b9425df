// The official @anthropic-ai/sdk against `sandbench serve`: messages.create and the messages.stream() helper
// (finalMessage()) with openrouter:shell and openrouter:bash run in the sandbox (engine "openrouter"), and the
// SDK's typed errors. Assertions follow the SDK's own .d.ts (see lib/dts.mjs).
//
// Base URL: the SDK appends /v1/messages itself, so it is given the API root without /v1 (…/api); with
// SANDBENCH_BASE_URL as it is (…/api/v1) it would ask for …/api/v1/v1/messages.
import assert from 'node:assert/strict';
import Anthropic from '@anthropic-ai/sdk';
import { Dts } from './lib/dts.mjs';
import {
  BASH_COMMANDS, BASH_STDOUT, COMMANDS, EXIT_0, STDOUT, apiKey, assertAnswer, assertNoProblems, baseURL, bashSteps, runCases, shellSteps,
} from './lib/contract.mjs';

const root = baseURL.replace(/\/v1\/?$/, '');
const client = new Anthropic({ baseURL: root, apiKey, maxRetries: 0 });
const dts = new Dts('@anthropic-ai/sdk/resources/messages/messages.d.ts');
const eventTypes = dts.literalsOf('RawMessageStreamEvent');
const deltaTypes = dts.literalsOf('RawContentBlockDelta');

const tool = (type) => [{ type, parameters: { engine: 'openrouter' } }];
const request = (model, type) => ({
  model, max_tokens: 1024, messages: [{ role: 'user', content: 'Run the commands' }], tools: tool(type),
});

function messageProblems(message) {
  const problems = dts.problems('Message', message);
  problems.push(...dts.problems('Usage', message.usage ?? {}, 'Message.usage'));
  if (message.container) problems.push(...dts.problems('Container', message.container, 'Message.container'));
  message.content?.forEach((block, i) => {
    const where = `Message.content[${i}]`;
    if (block.type === 'text') problems.push(...dts.problems('TextBlock', block, where));
    // The openrouter tools are extensions of the closed `name` enum; every other field is as typed.
    if (block.type === 'server_tool_use') problems.push(...dts.problems('ServerToolUseBlock', block, where, ['name']));
  });
  return problems;
}

// The blocks of one server tool: each server_tool_use followed by its result block.
function toolPairs(message, name, resultType) {
  const uses = message.content.filter((b) => b.type === 'server_tool_use');
  const results = message.content.filter((b) => b.type === resultType);
  assert.ok(uses.length > 0, `server_tool_use blocks in ${JSON.stringify(message.content.map((b) => b.type))}`);
  for (const use of uses) assert.equal(use.name, name, 'server_tool_use.name');
  assert.equal(results.length, uses.length, `one ${resultType} per server_tool_use`);
  results.forEach((r, i) => {
    assert.equal(r.tool_use_id, uses[i].id, `${resultType}.tool_use_id`);
    assert.ok(r.content && typeof r.content === 'object' && !Array.isArray(r.content), `${resultType}.content is an object`);
  });
  return { uses, results };
}

// usage: where the cost is read from. A streamed message carries it in the message_delta event: the SDK's
// accumulator copies only the counters Anthropic defines into finalMessage().
function assertCommon(message, usage = message.usage) {
  assert.equal(message.stop_reason, 'end_turn', 'stop_reason');
  const text = message.content.filter((b) => b.type === 'text').map((b) => b.text).join('');
  assertAnswer(text, 'the text blocks');
  assert.ok(typeof message.container?.id === 'string' && message.container.id.length > 0,
            `message.container.id: ${JSON.stringify(message.container)}`);
  assert.equal(typeof message.usage?.input_tokens, 'number', 'usage.input_tokens');
  assert.equal(typeof message.usage?.output_tokens, 'number', 'usage.output_tokens');
  assert.equal(typeof usage?.server_tool_cost, 'number', `usage.server_tool_cost: ${JSON.stringify(usage)}`);
  assert.equal(usage.cost_details?.server_tool_cost, usage.server_tool_cost, 'usage.cost_details.server_tool_cost');
}

function assertShell(message, usage) {
  assertCommon(message, usage);
  const { uses, results } = toolPairs(message, 'openrouter:shell', 'openrouter_shell_tool_result');
  assert.deepEqual(uses[0].input, { commands: COMMANDS }, 'server_tool_use.input');
  const output = results[0].content.output;
  assert.deepEqual(output?.map((o) => o.stdout), STDOUT, 'result content.output[].stdout');
  for (const o of output) assert.deepEqual(o.outcome, EXIT_0, 'result content.output[].outcome');
  assertNoProblems(messageProblems(message), 'the message');
}

function assertBash(message, usage) {
  assertCommon(message, usage);
  const { uses, results } = toolPairs(message, 'openrouter:bash', 'openrouter_bash_tool_result');
  assert.deepEqual(uses.map((u) => u.input), BASH_COMMANDS.map((command) => ({ command })), 'server_tool_use.input');
  assert.deepEqual(results.map((r) => r.content.stdout), BASH_STDOUT, 'bash stdout: the session kept its directory and variable');
  assert.deepEqual(results.map((r) => r.content.command), BASH_COMMANDS, 'bash result content.command');
  assert.deepEqual(results.map((r) => r.content.exitCode), [0, 0], 'bash result content.exitCode');
  assertNoProblems(messageProblems(message), 'the message');
}

async function streamed(model, type) {
  const stream = client.messages.stream(request(model, type));
  const events = [];
  for await (const event of stream) events.push(event);
  const message = await stream.finalMessage();
  const problems = [];
  events.forEach((event, i) => {
    const name = eventTypes[event.type];
    if (!name) return problems.push(`event ${i} "${event.type}" is not in RawMessageStreamEvent`);
    problems.push(...dts.problems(name, event, `event ${i} ${event.type}`));
    if (event.type === 'content_block_delta' && !deltaTypes[event.delta?.type])
      problems.push(`event ${i} content_block_delta: delta type "${event.delta?.type}" is not in RawContentBlockDelta`);
    if (event.type === 'message_start') problems.push(...dts.problems('Message', event.message, `event ${i} message_start.message`));
    if (event.type === 'message_delta') {
      problems.push(...dts.problems('RawMessageDeltaEvent.Delta', event.delta, `event ${i} message_delta.delta`));
      problems.push(...dts.problems('MessageDeltaUsage', event.usage, `event ${i} message_delta.usage`));
    }
  });
  assert.equal(events[0]?.type, 'message_start', 'first event');
  assert.equal(events.at(-1)?.type, 'message_stop', 'last event');
  const delta = events.find((e) => e.type === 'message_delta');
  return { message, problems, usage: delta?.usage };
}

await runCases([
  {
    name: 'create-openrouter-shell',
    steps: shellSteps(),
    run: async (model) => assertShell(await client.messages.create(request(model, 'openrouter:shell'))),
  },
  {
    name: 'create-openrouter-bash',
    steps: bashSteps(),
    run: async (model) => assertBash(await client.messages.create(request(model, 'openrouter:bash'))),
  },
  {
    name: 'stream-openrouter-shell',
    steps: shellSteps(3),
    run: async (model) => {
      const { message, problems, usage } = await streamed(model, 'openrouter:shell');
      assertShell(message, usage);
      assertNoProblems(problems, 'the event stream');
    },
  },
  {
    name: 'stream-openrouter-bash',
    steps: bashSteps(3),
    run: async (model) => {
      const { message, problems, usage } = await streamed(model, 'openrouter:bash');
      assertBash(message, usage);
      assertNoProblems(problems, 'the event stream');
    },
  },
  {
    name: 'error-bad-key',
    run: async (model) => {
      const bad = new Anthropic({ baseURL: root, apiKey: 'sbk_wrong', maxRetries: 0 });
      const error = await bad.messages.create(request(model, 'openrouter:shell')).then(() => null, (e) => e);
      assert.ok(error instanceof Anthropic.AuthenticationError, `AuthenticationError, got ${error?.constructor?.name}: ${error?.message}`);
      assert.equal(error.status, 401);
      assert.equal(error.error?.type, 'error', `error body: ${JSON.stringify(error.error)}`);
      assert.equal(error.error?.error?.type, 'authentication_error', `error body: ${JSON.stringify(error.error)}`);
    },
  },
  {
    name: 'error-bad-request',
    run: async (model) => {
      const body = { ...request(model, 'openrouter:bash'), tools: [{ type: 'openrouter:bash', parameters: { engine: 'cloud' } }] };
      const error = await client.messages.create(body).then(() => null, (e) => e);
      assert.ok(error instanceof Anthropic.BadRequestError, `BadRequestError, got ${error?.constructor?.name}: ${error?.message}`);
      assert.equal(error.status, 400);
      assert.equal(error.error?.error?.type, 'invalid_request_error', `error body: ${JSON.stringify(error.error)}`);
      assert.match(error.error?.error?.message ?? '', /engine/, 'the message names the bad parameter');
    },
  },
]);
