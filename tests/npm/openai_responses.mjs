// The official openai SDK against `sandbench serve`: client.responses.create with openrouter:shell,
// non-streaming and streaming. Exit 0 and "OK ..." lines on success.
import assert from 'node:assert/strict';
import OpenAI from 'openai';

const client = new OpenAI({ baseURL: process.env.SANDBENCH_BASE_URL, apiKey: process.env.SANDBENCH_API_KEY });
const tools = [{ type: 'openrouter:shell', parameters: { engine: 'openrouter' } }];

const response = await client.responses.create({ model: 'sdk-openai', input: 'Say where you are', tools });
assert.equal(response.status, 'completed');
const shell = response.output.find((item) => item.type === 'openrouter:shell');
assert.ok(shell, 'an openrouter:shell item');
assert.match(shell.container_id, /^sess_/);
assert.deepEqual(shell.action.commands, ['echo from-sdk', 'uname -s']);
assert.equal(shell.output[0].stdout, 'from-sdk\n');
assert.equal(shell.output[1].stdout, 'Linux\n');
assert.deepEqual(shell.output[0].outcome, { type: 'exit', exit_code: 0 });
assert.ok(response.output_text.includes('from-sdk'), response.output_text);
assert.equal(typeof response.usage.server_tool_cost, 'number');
console.log('OK non-streaming', shell.container_id);

// Sandbench's per-command live events are opt-in (a client with a closed event list never sees them).
const stream = await client.responses.create(
  { model: 'sdk-openai', input: 'Count', tools, stream: true },
  { headers: { 'x-sandbench-live-events': '1' } },
);
const types = [];
let text = '';
let liveOutput = '';
let completed = null;
for await (const event of stream) {
  types.push(event.type);
  if (event.type === 'response.output_text.delta') text += event.delta;
  if (event.type === 'response.openrouter_shell_call.output.delta') liveOutput += event.delta;
  if (event.type === 'response.completed') completed = event.response;
}
assert.equal(types[0], 'response.created');
assert.ok(types.includes('response.output_item.done'));
assert.equal(liveOutput, 'tick1\ntick2\n');
assert.equal(text, 'streamed SDK answer');
assert.ok(completed && completed.status === 'completed');
console.log('OK streaming', types.length, 'events');
