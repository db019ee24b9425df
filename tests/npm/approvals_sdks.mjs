// The official openai and @anthropic-ai/sdk streaming clients against `sandbench serve --approvals ask`: each
// stream waits for a person (the test answers on the WebSocket) and carries SSE comment lines meanwhile; both
// SDKs must read on to the end. Exit 0 and "OK ..." lines on success.
import assert from 'node:assert/strict';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';

const baseURL = process.env.SANDBENCH_BASE_URL;
const apiKey = process.env.SANDBENCH_API_KEY;
const tools = [{ type: 'openrouter:shell', parameters: { engine: 'openrouter' } }];

const openai = new OpenAI({ baseURL, apiKey, maxRetries: 0 });
const stream = await openai.responses.create({ model: 'sdk-approve', input: 'go', tools, stream: true });
let completed = null;
for await (const event of stream) {
  if (event.type === 'response.completed') completed = event.response;
}
assert.ok(completed, 'response.completed');
const shell = completed.output.find((item) => item.type === 'openrouter:shell');
assert.equal(shell.output[0].stdout, 'sdk-approved\n');
console.log('OK openai stream through an approval wait');

const anthropic = new Anthropic({ baseURL: baseURL.replace(/\/v1\/?$/, ''), apiKey, maxRetries: 0 });
const message = await anthropic.messages
  .stream({ model: 'sdk-approve', max_tokens: 256, messages: [{ role: 'user', content: 'go' }], tools })
  .finalMessage();
const result = message.content.find((b) => b.type !== 'text' && b.type !== 'server_tool_use');
assert.ok(JSON.stringify(result).includes('sdk-approved'), JSON.stringify(message.content));
console.log('OK anthropic stream through an approval wait');
