// The official @anthropic-ai/sdk against `sandbench serve`: messages.create with openrouter:bash under
// engine "openrouter" (runs in the sandbox, persistent session) and "auto" (tool_use returned to the caller).
import assert from 'node:assert/strict';
import Anthropic from '@anthropic-ai/sdk';

// The Anthropic SDK appends /v1/messages itself, so its base URL is the API root without /v1.
const baseURL = process.env.SANDBENCH_BASE_URL.replace(/\/v1\/?$/, '');
const client = new Anthropic({ baseURL, apiKey: process.env.SANDBENCH_API_KEY });
const ask = (engine) =>
  client.messages.create({
    model: 'sdk-anthropic',
    max_tokens: 1024,
    messages: [{ role: 'user', content: 'Use bash' }],
    tools: [{ type: 'openrouter:bash', parameters: { engine } }],
  });

const ran = await ask('openrouter');
assert.equal(ran.stop_reason, 'end_turn');
const results = ran.content.filter((block) => block.type === 'openrouter_bash_tool_result');
assert.equal(results.length, 2);
assert.equal(results[1].content.stdout, '42\n/tmp\n');
assert.equal(results[1].content.exitCode, 0);
assert.ok(ran.content.some((block) => block.type === 'server_tool_use' && block.name === 'openrouter:bash'));
assert.equal(ran.content.at(-1).text, 'bash done');
console.log('OK openrouter', ran.container?.id);

const returned = await ask('auto');
assert.equal(returned.stop_reason, 'tool_use');
const toolUse = returned.content.find((block) => block.type === 'tool_use');
assert.equal(toolUse.name, 'bash');
assert.deepEqual(toolUse.input, { command: 'whoami' });
assert.ok(!returned.content.some((block) => block.type === 'openrouter_bash_tool_result'));
console.log('OK auto', toolUse.id);
