// SPDX-License-Identifier: GPL-3.0-or-later
// The stateless MCP revision (2026-07-28) with the official v2 client (@modelcontextprotocol/client), pinned to
// it: server/discover instead of initialize, the version in each request's _meta (run by tests/mcp/test_mcp).
//   MCP_TRANSPORT=stdio (spawns SANDBENCH_BIN mcp --data-dir SANDBENCH_DATA_DIR --workspace SANDBENCH_WORKSPACE)
//   or http (SANDBENCH_URL …/mcp, SANDBENCH_KEY)
// Prints "PASS name" / "FAIL name: why" per check and "OK stateless TRANSPORT" at the end when all passed.
import assert from 'node:assert/strict';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const transportKind = process.env.MCP_TRANSPORT ?? 'stdio';
let failures = 0;
async function check(name, fn) {
    try {
        await fn();
        console.log(`PASS ${name}`);
    } catch (e) {
        failures++;
        console.log(`FAIL ${name}: ${e?.stack ?? e}`);
    }
}

const transport = transportKind === 'stdio'
    ? new StdioClientTransport({
        command: process.env.SANDBENCH_BIN,
        args: ['mcp', '--data-dir', process.env.SANDBENCH_DATA_DIR, '--workspace',
               process.env.SANDBENCH_WORKSPACE ?? 'default'],
        stderr: 'inherit',
    })
    : new StreamableHTTPClientTransport(new URL(process.env.SANDBENCH_URL), {
        requestInit: { headers: { Authorization: `Bearer ${process.env.SANDBENCH_KEY}` } },
    });
const client = new Client({ name: 'stateless-client', version: '1.0.0' },
                          { capabilities: {}, versionNegotiation: { mode: { pin: '2026-07-28' } } });

await check('connect: server/discover, no initialize', async () => {
    await client.connect(transport);
    assert.equal(client.getNegotiatedProtocolVersion?.() ?? client._negotiatedProtocolVersion, '2026-07-28');
    assert.equal(client.getServerVersion()?.name, 'sandbench');
    assert.ok(client.getServerCapabilities()?.tools);
    assert.match(client.getInstructions() ?? '', /container_id/);
});

let container;
await check('tools/list', async () => {
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map(t => t.name).sort(), ['list_files', 'python', 'read_file', 'shell', 'write_file']);
});
await check('shell, and state across calls (containers are handles, no session needed)', async () => {
    const first = await client.callTool({ name: 'shell', arguments: { commands: ['echo one > f.txt; echo made'] } });
    assert.ok(!first.isError, JSON.stringify(first));
    container = first.structuredContent.container_id;
    assert.match(container, /^sess_/);
    assert.equal(first.structuredContent.output[0].stdout, 'made\n');
    const second = await client.callTool({ name: 'shell', arguments: { container_id: container, commands: ['cat f.txt'] } });
    assert.equal(second.structuredContent.output[0].stdout, 'one\n');
});
await check('progress carries live output', async () => {
    const seen = [];
    const r = await client.callTool({ name: 'shell', arguments: { container_id: container, commands: ['echo live; sleep 0.3'] } },
                                    { timeout: 120000, onprogress: p => seen.push(p.message ?? '') });
    assert.ok(!r.isError);
    assert.ok(seen.join('').includes('live'), JSON.stringify(seen));
});
await check('resources/read of a container file', async () => {
    const r = await client.readResource({ uri: `sandbench://containers/${container}/files/f.txt` });
    assert.equal(r.contents[0].text, 'one\n');
});
await check('bad input is a tool error naming the field', async () => {
    const r = await client.callTool({ name: 'shell', arguments: { commands: [] } });
    assert.equal(r.isError, true);
    assert.match(r.content[0].text, /commands/);
});
await client.close();
console.log(`${failures === 0 ? 'OK' : 'FAILED'} stateless ${transportKind}`);
process.exit(failures === 0 ? 0 : 1);
