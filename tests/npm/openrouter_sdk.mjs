// The official @openrouter/sdk against `sandbench serve`. It validates every response and event with zod:
// a body that does not fit throws ResponseValidationError, and an event or output item that does not fit (or
// that it does not know) turns into { type: "UNKNOWN", isUnknown: true } — both count as failures here.
// Fields arrive camelCased (usage.costDetails.serverToolCost is the wire's usage.cost_details.server_tool_cost).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { OpenRouter } from '@openrouter/sdk';
import * as models from '@openrouter/sdk/models';
import * as errors from '@openrouter/sdk/models/errors';
import {
  COMMANDS, STDOUT, apiKey, assertAnswer, baseURL, runCases, shellSteps, zodIssues,
} from './lib/contract.mjs';

const client = new OpenRouter({ apiKey, serverURL: baseURL, retryConfig: { strategy: 'none' } });
const tools = [{ type: 'openrouter:shell' }];

// type -> zod schema of the SDK's forward-compatible unions, read from its generated source, so an UNKNOWN can
// say whether its type is unknown to the SDK or which field of a known type failed.
function unionSchemas(file) {
  const text = readFileSync(new URL(`./node_modules/@openrouter/sdk/esm/models/${file}`, import.meta.url), 'utf8');
  const map = {};
  for (const m of text.matchAll(/^\s+(?:\["([^"]+)"\]|(\w+)): (\w+\$inboundSchema)/gm)) map[m[1] ?? m[2]] = models[m[3]];
  return map;
}
const eventSchemas = unionSchemas('streamevents.js');
const itemSchemas = unionSchemas('outputitems.js');

function unknownIn(value, where, schemas) {
  if (!value?.isUnknown) return [];
  const type = value.raw?.type;
  const schema = schemas[type];
  if (!schema) return [`${where} "${type}" is not a type the SDK knows`];
  const result = schema.safeParse(value.raw);
  return [`${where} "${type}" is UNKNOWN: ${result.success ? 'parses alone' : zodIssues(result.error.issues).join('; ')}`];
}

// A call whose body fails validation, rethrown with the failing fields of the body against `schema`.
async function parsed(promise, schema) {
  try {
    return await promise;
  } catch (error) {
    if (!(error instanceof errors.ResponseValidationError)) throw error;
    let body;
    try {
      body = JSON.parse(error.body);
    } catch {
      throw error;
    }
    const result = schema.safeParse(body);
    const issues = result.success ? ['(the body parses against the schema alone)'] : zodIssues(result.error.issues);
    throw new assert.AssertionError({ message: `ResponseValidationError: ${error.message}\n    ${issues.slice(0, 25).join('\n    ')}` });
  }
}

function assertResponse(response) {
  assert.equal(response.status, 'completed', 'status');
  const unknown = response.output.flatMap((item, i) => unknownIn(item, `output[${i}]`, itemSchemas));
  assert.ok(unknown.length === 0, `output items do not parse:\n    ${unknown.join('\n    ')}`);
  const shell = response.output.find((item) => item.type === 'openrouter:shell');
  assert.ok(shell, `an openrouter:shell item in ${JSON.stringify(response.output.map((i) => i.type))}`);
  assert.deepEqual(shell.action?.commands, COMMANDS, 'action.commands');
  assert.ok(typeof shell.containerId === 'string' && shell.containerId.length > 0, `containerId: ${shell.containerId}`);
  assert.deepEqual(shell.output?.map((o) => o.stdout), STDOUT, 'output[].stdout');
  for (const o of shell.output) assert.deepEqual([o.outcome?.type, o.outcome?.exitCode], ['exit', 0], 'output[].outcome');
  const text = response.outputText ?? response.output.filter((i) => i.type === 'message')
    .flatMap((i) => i.content).map((c) => c.text ?? '').join('');
  assertAnswer(text, 'the message text');
  assert.equal(typeof response.usage?.costDetails?.serverToolCost, 'number',
               `usage.costDetails.serverToolCost: ${JSON.stringify(response.usage)}`);
}

// Runs a call that must fail and returns the error, which must not be a validation failure of the error body.
async function failure(promise) {
  const error = await promise.then(() => null, (e) => e);
  assert.ok(error, 'the call failed');
  assert.ok(!(error instanceof errors.ResponseValidationError),
            `the error body parses (ResponseValidationError: ${error.message}: ${error.pretty?.() ?? ''})`);
  return error;
}

function assertTypedError(error, type, status) {
  assert.ok(error instanceof type, `${type.name}, got ${error?.constructor?.name}: ${error?.message}`);
  assert.equal(error.statusCode, status, 'statusCode');
  assert.equal(error.error?.code, status, `error.code is the numeric status: ${JSON.stringify(error.error)}`);
  assert.equal(typeof error.error?.message, 'string', 'error.message');
}

await runCases([
  {
    name: 'responses-send',
    steps: shellSteps(),
    run: async (model) => assertResponse(await parsed(
      client.responses.send({ responsesRequest: { model, input: 'Run the commands', tools } }), models.OpenResponsesResult$inboundSchema)),
  },
  {
    name: 'responses-send-stream',
    steps: shellSteps(3),
    run: async (model) => {
      const stream = await client.responses.send({ responsesRequest: { model, input: 'Run the commands', tools, stream: true } });
      const unknown = [];
      const types = [];
      let completed = null;
      for await (const event of stream) {
        types.push(event.type);
        unknown.push(...unknownIn(event, `event ${types.length - 1}`, eventSchemas));
        if (event.type === 'response.completed') completed = event.response;
      }
      assert.ok(unknown.length === 0, `events do not parse:\n    ${unknown.join('\n    ')}`);
      assert.equal(types[0], 'response.created', 'first event');
      assert.ok(completed, `a response.completed event in ${types.join(', ')}`);
      assertResponse(completed);
    },
  },
  {
    name: 'chat-send',
    steps: [{ text: 'plain chat answer' }],
    run: async (model) => {
      const result = await parsed(client.chat.send({ chatRequest: { model, messages: [{ role: 'user', content: 'hi' }] } }),
                                  models.ChatResult$inboundSchema);
      assert.equal(result.choices[0]?.message?.content, 'plain chat answer');
      assert.equal(result.model, model, 'the reply names the model that was asked for');
      assert.equal(typeof result.usage?.totalTokens, 'number', 'usage.totalTokens');
    },
  },
  {
    name: 'chat-send-stream',
    steps: [{ text: 'plain chat answer', chunks: 3 }],
    run: async (model) => {
      const stream = await client.chat.send({ chatRequest: { model, messages: [{ role: 'user', content: 'hi' }], stream: true } });
      let text = '';
      for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
      assert.equal(text, 'plain chat answer');
    },
  },
  {
    name: 'chat-shell-rejected',
    run: async (model) => {
      const error = await failure(client.chat.send({
        chatRequest: { model, messages: [{ role: 'user', content: 'hi' }], tools: [{ type: 'openrouter:bash' }] },
      }));
      assertTypedError(error, errors.BadRequestResponseError, 400);
      assert.match(error.error.message, /Responses/, 'the message names the Responses API');
      assert.match(error.error.message, /Messages/, 'the message names the Messages API');
    },
  },
  {
    name: 'error-bad-key',
    run: async (model) => {
      const bad = new OpenRouter({ apiKey: 'sbk_wrong', serverURL: baseURL, retryConfig: { strategy: 'none' } });
      assertTypedError(await failure(bad.responses.send({ responsesRequest: { model, input: 'hi', tools } })),
                       errors.UnauthorizedResponseError, 401);
    },
  },
  {
    name: 'error-bad-request',
    run: async (model) => {
      const badTools = [{ type: 'openrouter:shell', parameters: { environment: { type: 'container_reference', containerId: '../etc' } } }];
      const error = await failure(client.responses.send({ responsesRequest: { model, input: 'hi', tools: badTools } }));
      assertTypedError(error, errors.BadRequestResponseError, 400);
      assert.match(error.error.message, /container_id/, 'the message names the bad parameter');
    },
  },
]);
