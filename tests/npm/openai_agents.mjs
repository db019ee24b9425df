// The OpenAI Agents SDK (@openai/agents) against `sandbench serve`: an Agent with the hosted shellTool
// (environment container_auto, which the SDK leaves to the API to run) through run(), streamed and not, on an
// openai client whose base URL is Sandbench.
import assert from 'node:assert/strict';
import OpenAI from 'openai';
import {
  Agent, run, setDefaultOpenAIClient, setOpenAIAPI, setTracingDisabled, shellTool,
} from '@openai/agents';
import { COMMANDS, STDOUT, apiKey, assertAnswer, baseURL, runCases, shellSteps } from './lib/contract.mjs';

setDefaultOpenAIClient(new OpenAI({ baseURL, apiKey, maxRetries: 0 }));
setOpenAIAPI('responses');
setTracingDisabled(true);

const agent = (model) => new Agent({
  name: 'sandbench-contract',
  instructions: 'Run the commands with the shell tool, then answer.',
  model,
  tools: [shellTool({ environment: { type: 'container_auto' } })],
});

function assertResult(result) {
  assertAnswer(result.finalOutput, 'finalOutput');
  const calls = result.newItems.filter((i) => i.type === 'tool_call_item' && i.rawItem.type === 'shell_call');
  assert.equal(calls.length, 1, `one shell_call tool_call_item in ${JSON.stringify(result.newItems.map((i) => `${i.type}:${i.rawItem?.type}`))}`);
  assert.deepEqual(calls[0].rawItem.action.commands, COMMANDS, 'shell_call action.commands');
  const outputs = result.newItems.filter((i) => i.type === 'tool_call_output_item' && i.rawItem.type === 'shell_call_output');
  assert.equal(outputs.length, 1, 'one shell_call_output tool_call_output_item');
  assert.equal(outputs[0].rawItem.callId, calls[0].rawItem.callId, 'shell_call_output.callId matches the call');
  const output = outputs[0].rawItem.output;
  assert.deepEqual(output.map((o) => o.stdout), STDOUT, 'shell_call_output output[].stdout');
  for (const o of output) assert.deepEqual(o.outcome, { type: 'exit', exitCode: 0 }, 'shell_call_output output[].outcome');
}

await runCases([
  {
    name: 'run',
    steps: shellSteps(),
    run: async (model) => assertResult(await run(agent(model), 'Run the commands')),
  },
  {
    name: 'run-stream',
    steps: shellSteps(3),
    run: async (model) => {
      const result = await run(agent(model), 'Run the commands', { stream: true });
      const kinds = [];
      for await (const event of result) kinds.push(event.type === 'run_item_stream_event' ? event.name : event.type);
      await result.completed;
      assert.equal(result.error ?? null, null, `the streamed run failed: ${result.error}`);
      assert.ok(kinds.includes('tool_called') && kinds.includes('tool_output'), `stream events: ${[...new Set(kinds)]}`);
      assertResult(result);
    },
  },
]);
