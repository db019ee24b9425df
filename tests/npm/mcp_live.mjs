// SPDX-License-Identifier: GPL-3.0-or-later
// An agent host's MCP client (the official SDK, v1) that runs one slow command through Sandbench's /mcp and
// prints the progress it receives as it comes (tests/widgets/test_mcpwindow watches the window meanwhile).
// SANDBENCH_URL (…/mcp), SANDBENCH_KEY; or, over stdio, SANDBENCH_BIN and SANDBENCH_ARGS (a JSON array: the
// host starts `sandbench mcp …` itself, whose stderr is printed as "STDERR …" lines). The client declares no
// elicitation: an ask goes to the window.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const client = new Client({ name: 'live-client', version: '1.0.0' }, { capabilities: {} });
let transport;
if (process.env.SANDBENCH_BIN) {
    transport = new StdioClientTransport({
        command: process.env.SANDBENCH_BIN, args: JSON.parse(process.env.SANDBENCH_ARGS), stderr: 'pipe' });
    transport.stderr.on('data', d => { for (const line of String(d).split('\n').filter(Boolean)) console.log(`STDERR ${line}`); });
} else {
    transport = new StreamableHTTPClientTransport(new URL(process.env.SANDBENCH_URL), {
        requestInit: { headers: { Authorization: `Bearer ${process.env.SANDBENCH_KEY}` } },
    });
}
await client.connect(transport);
const result = await client.callTool(
    { name: 'shell', arguments: { commands: ['echo live-1; while [ ! -e go ]; do sleep 0.05; done; echo live-2'] } },
    undefined,
    { timeout: 120000, onprogress: p => console.log(`PROGRESS ${JSON.stringify(p.message ?? '')}`) });
if (result.isError)
    console.log(`ERROR ${JSON.stringify(result.content)}`);
else
    console.log(`RESULT ${JSON.stringify(result.structuredContent)}`);
await client.close();
process.exit(result.isError ? 1 : 0);
