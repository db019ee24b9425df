// The Vercel AI SDK (ai + @ai-sdk/openai) against `sandbench serve`: generateText and streamText on the
// Responses API model with openai.tools.shell in a hosted container (containerAuto, which the provider marks
// provider-executed), through createOpenAI({ baseURL, apiKey }).responses(model).
import assert from 'node:assert/strict';
import { generateText, streamText } from 'ai';
import { createOpenAI } from '@ai-sdk/openai';
import {
  COMMANDS, STDOUT, apiKey, assertAnswer, baseURL, describe, runCases, shellSteps,
} from './lib/contract.mjs';

const openai = createOpenAI({ baseURL, apiKey });
const request = (model) => ({
  model: openai.responses(model),
  prompt: 'Run the commands',
  tools: { shell: openai.tools.shell({ environment: { type: 'containerAuto' } }) },
  maxRetries: 0,
});

// An error part (or onError argument) as the SDK's error class, the event it failed on and the zod issues.
function errorText(part) {
  const error = part?.error ?? part;
  if (!(error instanceof Error)) return JSON.stringify(error);
  const type = error.value?.type ? ` on ${error.value.type}` : '';
  return `${describe(error).replace(/^(\w+): .*$/m, `$1${type}`)}`;
}

function assertNoErrors(parts) {
  const texts = [...new Set(parts.map(errorText))];
  assert.ok(texts.length === 0, `${parts.length} error parts:\n    ${texts.join('\n    ')}`);
}

function assertShell(toolCalls, toolResults) {
  const calls = toolCalls.filter((c) => c.toolName === 'shell');
  assert.equal(calls.length, 1, `one shell tool call in ${JSON.stringify(toolCalls.map((c) => c.toolName))}`);
  assert.equal(calls[0].providerExecuted, true, 'the shell call is provider-executed');
  assert.deepEqual(calls[0].input?.action?.commands, COMMANDS, 'tool call input.action.commands');
  const results = toolResults.filter((r) => r.toolName === 'shell');
  assert.equal(results.length, 1, `one shell tool result in ${JSON.stringify(toolResults.map((r) => r.toolName))}`);
  assert.equal(results[0].toolCallId, calls[0].toolCallId, 'the result belongs to the call');
  assert.deepEqual(results[0].output?.output?.map((o) => o.stdout), STDOUT, 'tool result output.output[].stdout');
  for (const o of results[0].output.output) assert.deepEqual(o.outcome, { type: 'exit', exitCode: 0 }, 'outcome');
}

await runCases([
  {
    name: 'generate-text',
    steps: shellSteps(),
    run: async (model) => {
      const result = await generateText(request(model));
      const errors = result.content.filter((p) => p.type === 'tool-error' || p.type === 'error');
      assertNoErrors(errors);
      assertShell(result.toolCalls, result.toolResults);
      assertAnswer(result.text, 'result.text');
      assert.equal(result.finishReason, 'stop', 'finishReason');
    },
  },
  {
    name: 'stream-text',
    steps: shellSteps(3),
    run: async (model) => {
      const streamErrors = [];
      const result = streamText({ ...request(model), onError: (e) => streamErrors.push(e) });
      const parts = [];
      for await (const part of result.fullStream) parts.push(part);
      const errors = parts.filter((p) => p.type === 'tool-error' || p.type === 'error');
      assertNoErrors([...errors, ...streamErrors]);
      assertShell(parts.filter((p) => p.type === 'tool-call'), parts.filter((p) => p.type === 'tool-result'));
      assertAnswer(await result.text, 'result.text');
      assert.equal(await result.finishReason, 'stop', 'finishReason');
    },
  },
]);
