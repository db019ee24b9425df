// SPDX-License-Identifier: GPL-3.0-or-later
// An official MCP client SDK against Sandbench's MCP server (run by tests/mcp/test_mcp):
//   MCP_SDK=v1 (@modelcontextprotocol/sdk) or v2 (@modelcontextprotocol/client)
//   MCP_TRANSPORT=stdio (spawns `sandbench mcp`, which relays to the serve that serves the workspace),
//   stdio-own (`sandbench mcp --no-relay`: the calls run in that process) or http (Streamable HTTP at /mcp
//   of a running serve)
//   SANDBENCH_BIN, SANDBENCH_DATA_DIR, SANDBENCH_WORKSPACE; for http SANDBENCH_URL, SANDBENCH_KEY,
//   SANDBENCH_OTHER_KEY (a key of another workspace)
//   MCP_PART=main (tools, state, progress, cancellation, resources, bad input) or approvals (a workspace
//   whose approval mode is "ask": elicitation allow and deny)
// Prints "PASS name" / "FAIL name: why" per check and exits 1 when any failed.
import assert from 'node:assert/strict';

const sdk = process.env.MCP_SDK ?? 'v1';
const transportKind = process.env.MCP_TRANSPORT ?? 'stdio';
const part = process.env.MCP_PART ?? 'main';
const bin = process.env.SANDBENCH_BIN;
const dataDir = process.env.SANDBENCH_DATA_DIR;
const workspace = process.env.SANDBENCH_WORKSPACE ?? 'default';
const url = process.env.SANDBENCH_URL;
const key = process.env.SANDBENCH_KEY;

let Client, StdioClientTransport, StreamableHTTPClientTransport, ElicitRequestSchema;
if (sdk === 'v1') {
    ({ Client } = await import('@modelcontextprotocol/sdk/client/index.js'));
    ({ StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js'));
    ({ StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js'));
    ({ ElicitRequestSchema } = await import('@modelcontextprotocol/sdk/types.js'));
} else {
    ({ Client, StreamableHTTPClientTransport } = await import('@modelcontextprotocol/client'));
    ({ StdioClientTransport } = await import('@modelcontextprotocol/client/stdio'));
}

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

function makeTransport(apiKey = key) {
    if (transportKind.startsWith('stdio'))
        return new StdioClientTransport({
            command: bin,
            args: ['mcp', '--data-dir', dataDir, '--workspace', workspace,
                   ...(transportKind === 'stdio-own' ? ['--no-relay'] : [])],
            stderr: 'inherit',
        });
    return new StreamableHTTPClientTransport(new URL(url), {
        requestInit: { headers: { Authorization: `Bearer ${apiKey}` } },
    });
}

async function connect({ elicit } = {}) {
    const client = new Client({ name: `sandbench-test-${sdk}`, version: '1.0.0' },
                              { capabilities: elicit ? { elicitation: { form: {} } } : {} });
    if (elicit) {
        if (sdk === 'v1')
            client.setRequestHandler(ElicitRequestSchema, elicit);
        else
            client.setRequestHandler('elicitation/create', elicit);
    }
    await client.connect(makeTransport());
    return client;
}

// callTool in each SDK's own signature: v1 (params, resultSchema, options), v2 (params, options).
function call(client, name, args, options = {}) {
    const params = { name, arguments: args };
    const opts = { timeout: 120000, ...options };
    return sdk === 'v1' ? client.callTool(params, undefined, opts) : client.callTool(params, opts);
}

function text(result) {
    return result.content.filter(c => c.type === 'text').map(c => c.text).join('\n');
}

async function expectToolError(client, name, args, pattern) {
    const r = await call(client, name, args);
    assert.equal(r.isError, true, `expected isError for ${JSON.stringify(args)}, got ${JSON.stringify(r)}`);
    assert.match(text(r), pattern);
}

async function mainPart() {
    const client = await connect();
    let container;

    await check('initialize names the server and a protocol version', async () => {
        assert.equal(client.getServerVersion().name, 'sandbench');
        assert.ok(client.getServerCapabilities().tools);
        assert.ok(client.getServerCapabilities().resources);
        assert.match(client.getInstructions() ?? '', /container_id/);
    });

    await check('tools/list: the five tools with schemas and annotations', async () => {
        const { tools } = await client.listTools();
        assert.deepEqual(tools.map(t => t.name).sort(),
                         ['list_files', 'python', 'read_file', 'shell', 'write_file']);
        for (const t of tools) {
            assert.equal(t.inputSchema.type, 'object');
            assert.equal(t.outputSchema.type, 'object');
            assert.equal(typeof t.annotations.readOnlyHint, 'boolean');
        }
        const shell = tools.find(t => t.name === 'shell');
        assert.equal(shell.inputSchema.properties.commands.maxItems, 100);
        assert.deepEqual(shell.inputSchema.required, ['commands']);
        assert.equal(tools.find(t => t.name === 'read_file').annotations.readOnlyHint, true);
    });

    await check('shell runs commands in a new container and names it', async () => {
        const r = await call(client, 'shell', { commands: ['echo hello', 'echo oops >&2; exit 3'] });
        assert.notEqual(r.isError, true, text(r));
        const s = r.structuredContent;
        assert.match(s.container_id, /^[A-Za-z0-9_-]+$/);
        assert.equal(s.output[0].stdout, 'hello\n');
        assert.deepEqual(s.output[0].outcome, { type: 'exit', exit_code: 0 });
        assert.equal(s.output[1].stderr, 'oops\n');
        assert.deepEqual(s.output[1].outcome, { type: 'exit', exit_code: 3 });
        assert.match(text(r), /hello/);
        assert.match(text(r), new RegExp(s.container_id));
        container = s.container_id;
    });

    await check('progress notifications carry the output as it streams', async () => {
        const seen = [];
        const r = await call(client, 'shell',
                             { container_id: container, commands: ['for i in 1 2 3; do echo tick$i; sleep 0.3; done'] },
                             { onprogress: p => seen.push(p) });
        assert.notEqual(r.isError, true, text(r));
        const streamed = seen.map(p => p.message ?? '').join('');
        assert.match(streamed, /tick1/);
        assert.match(streamed, /tick3/);
        for (let i = 1; i < seen.length; i++)
            assert.ok(seen[i].progress > seen[i - 1].progress, 'progress grows');
    });

    await check('write_file, then shell, python, read_file and list_files see the same files', async () => {
        const w = await call(client, 'write_file', { container_id: container, path: 'data/notes.txt', content: 'alpha\nbeta\n' });
        assert.notEqual(w.isError, true, text(w));
        assert.equal(w.structuredContent.bytes, 11);
        assert.ok(w.content.some(c => c.type === 'resource_link' && c.uri.endsWith('/files/data/notes.txt')));
        const s = await call(client, 'shell', { container_id: container, commands: ['wc -l data/notes.txt'] });
        assert.match(s.structuredContent.output[0].stdout, /^2 data\/notes.txt/);
        const p = await call(client, 'python', { container_id: container, code: 'print(open("data/notes.txt").read().upper())' });
        assert.notEqual(p.isError, true, text(p));
        assert.equal(p.structuredContent.container_id, container);
        assert.match(p.structuredContent.stdout, /ALPHA/);
        const rf = await call(client, 'read_file', { container_id: container, path: '/workspace/home/data/notes.txt' });
        assert.notEqual(rf.isError, true, text(rf));
        assert.equal(rf.content[0].text, 'alpha\nbeta\n');
        assert.equal(rf.structuredContent.is_text, true);
        const lf = await call(client, 'list_files', { container_id: container, path: 'data' });
        assert.deepEqual(lf.structuredContent.files.map(f => f.path), ['/workspace/home/data/notes.txt']);
    });

    await check('shell names the files its commands created as resource_link items', async () => {
        const r = await call(client, 'shell', { container_id: container, commands: ['mkdir -p out && echo made > out/made.txt'] });
        assert.notEqual(r.isError, true, text(r));
        const links = r.content.filter(c => c.type === 'resource_link');
        assert.deepEqual(links.map(l => l.name), ['out/made.txt']);
        const read = await client.readResource({ uri: links[0].uri });
        assert.equal(read.contents[0].text, 'made\n');
        const again = await call(client, 'shell', { container_id: container, commands: ['cat out/made.txt'] });
        assert.equal(again.content.filter(c => c.type === 'resource_link').length, 0);
        if (transportKind === 'http') {
            // A file uploaded between two calls is none of the next call's files, though the session keeps
            // its last look at home while nothing writes to it (a call that changed nothing reads home once).
            const form = new FormData();
            form.append('file', new Blob(['uploaded\n']), 'uploaded.txt');
            const up = await fetch(new URL(`/api/v1/containers/${container}/files`, url),
                                   { method: 'POST', headers: { Authorization: `Bearer ${key}` }, body: form });
            assert.equal(up.status, 200, await up.clone().text());
            const next = await call(client, 'shell', { container_id: container, commands: ['echo second > out/second.txt'] });
            assert.deepEqual(next.content.filter(c => c.type === 'resource_link').map(l => l.name), ['out/second.txt']);
            const quiet = await call(client, 'shell', { container_id: container, commands: ['true'] });
            assert.equal(quiet.content.filter(c => c.type === 'resource_link').length, 0);
        }
    });

    await check('python keeps its state in the container\'s kernel and shows the last expression', async () => {
        const a = await call(client, 'python', { container_id: container, code: 'x = 41\nprint(x + 1)' });
        assert.equal(a.structuredContent.stdout, '42\n');
        assert.equal(a.structuredContent.state_persists, true);
        assert.doesNotMatch(text(a), /does not persist/);
        const b = await call(client, 'python', { container_id: container, code: 'print("out")\nx * 2' });
        assert.notEqual(b.isError, true, text(b));
        assert.equal(b.structuredContent.stdout, 'out\n82\n');
        assert.equal(b.structuredContent.exit_code, 0);
        const c = await call(client, 'python', { container_id: container, code: 'y' });
        assert.match(c.structuredContent.stderr, /NameError/);
        assert.notEqual(c.structuredContent.exit_code, 0);
    });

    await check('python: output streams as progress while the cell runs; a cancel interrupts it and keeps the state', async () => {
        const a = await call(client, 'python', { container_id: container, code: 'kept = 7' });
        assert.notEqual(a.isError, true, text(a));
        const seen = [];
        const controller = new AbortController();
        // The cell only ends by the cancel, which comes once tick1 arrived as progress.
        const pending = call(client, 'python',
                             { container_id: container, code: "import time\nprint('tick1', flush=True)\ntime.sleep(30)\nprint('tick2')" },
                             { signal: controller.signal,
                               onprogress: p => { seen.push(p.message ?? ''); if (seen.join('').includes('tick1')) controller.abort('enough'); } });
        await assert.rejects(pending);
        assert.match(seen.join(''), /tick1/);
        assert.doesNotMatch(seen.join(''), /tick2/, 'the output came only as the cell ended');
        // The value as the cell's result: right after an interrupt, ipykernel can lose a print's text (see
        // test_pythonkernel's cancelledAndLetGoKeepsState), not the state.
        const b = await call(client, 'python', { container_id: container, code: 'kept' });
        assert.notEqual(b.isError, true, text(b));
        assert.equal(b.structuredContent.stdout, '7\n', text(b));
        assert.equal(b.structuredContent.state_persists, true);
        assert.doesNotMatch(text(b), /reset|no Jupyter kernel|not running/);
    });

    await check('python: a cancelled cell that ignores the interrupt is restarted, and the next result says so', async () => {
        const a = await call(client, 'python', { container_id: container, code: 'lost = 1' });
        assert.notEqual(a.isError, true, text(a));
        const controller = new AbortController();
        const pending = call(client, 'python',
                             { container_id: container, code: "import signal, time\nsignal.signal(signal.SIGINT, signal.SIG_IGN)\nprint('stuck', flush=True)\ntime.sleep(30)" },
                             { signal: controller.signal,
                               onprogress: p => { if ((p.message ?? '').includes('stuck')) controller.abort('enough'); } });
        await assert.rejects(pending);
        const b = await call(client, 'python', { container_id: container, code: "'lost' in globals()" });
        assert.notEqual(b.isError, true, text(b));
        assert.equal(b.structuredContent.stdout, 'False\n');
        assert.equal(b.structuredContent.state_persists, true);
        assert.match(b.structuredContent.stderr, /Python state was reset: a cancelled cell did not stop/);
        assert.match(text(b), /state was reset/);
        assert.doesNotMatch(text(b), /no Jupyter kernel/);
        const c = await call(client, 'python', { container_id: container, code: "print('fine')" });
        assert.equal(c.structuredContent.stdout, 'fine\n');
        assert.doesNotMatch(text(c), /reset/);
    });

    await check('read_file returns an image item for a PNG and a resource for other binary files', async () => {
        const made = await call(client, 'shell', { container_id: container, commands: [
            "printf '\\x89PNG\\r\\n\\x1a\\n\\0\\0\\0\\rIHDR\\0\\0\\0\\1\\0\\0\\0\\1\\x08\\x06\\0\\0\\0\\x1f\\x15\\xc4\\x89' > dot.png",
            "printf '\\0\\1\\2\\3\\xff' > blob.bin"] });
        assert.notEqual(made.isError, true, text(made));
        const png = await call(client, 'read_file', { container_id: container, path: 'dot.png' });
        assert.equal(png.content[0].type, 'image');
        assert.equal(png.content[0].mimeType, 'image/png');
        const bin = await call(client, 'read_file', { container_id: container, path: 'blob.bin' });
        assert.equal(bin.content[0].type, 'resource');
        assert.equal(Buffer.from(bin.content[0].resource.blob, 'base64').toString('hex'), '00010203ff');
        assert.equal(bin.structuredContent.is_text, false);
    });

    await check('resources: the session\'s container files are listed and read', async () => {
        const { resources } = await client.listResources();
        const notes = resources.find(r => r.uri === `sandbench://containers/${container}/files/data/notes.txt`);
        assert.ok(notes, JSON.stringify(resources.map(r => r.uri)));
        const read = await client.readResource({ uri: notes.uri });
        assert.equal(read.contents[0].text, 'alpha\nbeta\n');
        const { resourceTemplates } = await client.listResourceTemplates();
        assert.match(resourceTemplates[0].uriTemplate, /^sandbench:\/\/containers\//);
        await assert.rejects(client.readResource({ uri: `sandbench://containers/${container}/files/missing.txt` }),
                             /not found/i);
        await assert.rejects(client.readResource({ uri: `sandbench://containers/${container}/files/..%2F..%2Fetc%2Fpasswd` }),
                             /\.\./);
        await assert.rejects(client.readResource({ uri: 'file:///etc/passwd' }), /sandbench:\/\/containers/);
    });

    await check('cancelling a call kills its command; the container stays', async () => {
        const controller = new AbortController();
        const pending = call(client, 'shell',
                             { container_id: container, commands: ['echo started; sleep 4; echo late > late.txt'] },
                             { signal: controller.signal,
                               onprogress: p => { if ((p.message ?? '').includes('started')) controller.abort('enough'); } });
        await assert.rejects(pending);
        // Had the command lived on, it would have written late.txt meanwhile.
        const r = await call(client, 'shell', { container_id: container, commands: ['sleep 5; ls late.txt 2>&1; echo alive'] });
        assert.notEqual(r.isError, true, text(r));
        assert.match(r.structuredContent.output[0].stdout, /No such file/);
        assert.match(r.structuredContent.output[0].stdout, /alive/);
    });

    await check('bad input: tool errors that name the field and what is allowed', async () => {
        await expectToolError(client, 'no_such_tool', {}, /unknown tool "no_such_tool".*shell, python/);
        await expectToolError(client, 'shell', {}, /"commands" is required/);
        await expectToolError(client, 'shell', { commands: [] }, /"commands" must hold 1 to 100 strings/);
        await expectToolError(client, 'shell', { commands: Array(101).fill('true') }, /"commands" must hold 1 to 100/);
        await expectToolError(client, 'shell', { commands: [1] }, /"commands\[0\]" must be a string/);
        await expectToolError(client, 'shell', { commands: ['true'], timeout_ms: 999999 }, /"timeout_ms" must be an integer from 1 to 300000/);
        await expectToolError(client, 'shell', { commands: ['true'], max_output_length: 0 }, /"max_output_length" must be an integer from 1 to 65536/);
        await expectToolError(client, 'shell', { commands: ['true'], bogus: 1 }, /unknown argument "bogus"/);
        await expectToolError(client, 'shell', { commands: ['true'], container_id: 'sess_does_not_exist' }, /container_id.*sess_does_not_exist/);
        await expectToolError(client, 'shell', { commands: ['true'], container_id: 'bad id!' }, /"container_id" must be 1 to 40 characters/);
        await expectToolError(client, 'shell', { commands: ['true'], network_policy: { type: 'allowlist', allowed_domains: ['bad host!'] } }, /network_policy/);
        await expectToolError(client, 'python', { code: '' }, /"code" must not be empty/);
        await expectToolError(client, 'read_file', { container_id: container, path: '../../etc/passwd' }, /must not contain "\.\."/);
        await expectToolError(client, 'read_file', { container_id: container, path: '/etc/passwd' }, /outside the container's home/);
        await expectToolError(client, 'read_file', { container_id: container, path: 'nope.txt' }, /nope\.txt/);
        await expectToolError(client, 'read_file', { path: 'x' }, /"container_id" is required/);
        await expectToolError(client, 'write_file', { container_id: container, path: 'big.txt', content: 'x'.repeat(100 * 1024) }, /"content" is \d+ bytes; at most/);
        await expectToolError(client, 'list_files', { container_id: 'sess_nope' }, /no container "sess_nope"/);
        const big = await call(client, 'shell', { container_id: container, commands: ['head -c 5000000 /dev/zero > big.bin'] });
        assert.notEqual(big.isError, true, text(big));
        await expectToolError(client, 'read_file', { container_id: container, path: 'big.bin' }, /5000000 bytes; at most 4194304 bytes/);
        await expectToolError(client, 'read_file', { container_id: container, path: 'data' }, /data/);
    });

    await check('an oversized message is refused at once, to its own request; the session goes on', async () => {
        // Over stdio the error must carry the request's id (the SDK writes it last), or the call would wait
        // for its timeout; over HTTP it is the 413 of the POST.
        await assert.rejects(call(client, 'write_file', { container_id: container, path: 'huge.txt', content: 'y'.repeat(5 * 1024 * 1024) },
                                  { timeout: 30000 }),
                             /4194304/);
        const r = await call(client, 'shell', { container_id: container, commands: ['echo still here'] });
        assert.equal(r.structuredContent.output[0].stdout, 'still here\n');
    });

    if (sdk === 'v2') {
        await check('v2 auto negotiation: the 2026-07-28 probe falls back to initialize', async () => {
            const auto = new Client({ name: 'auto', version: '1' },
                                    { capabilities: {}, versionNegotiation: { mode: 'auto' } });
            await auto.connect(makeTransport());
            assert.equal(auto.getServerVersion().name, 'sandbench');
            // Over stdio this is another `sandbench mcp` process: it gets a container of its own.
            const r = await call(auto, 'shell', { commands: ['echo auto'] });
            assert.equal(r.structuredContent.output[0].stdout, 'auto\n');
            await auto.close();
        });
    }
    if (transportKind === 'http') {
        await check('http: another workspace\'s key cannot use this workspace\'s container', async () => {
            const other = new Client({ name: 'other', version: '1' }, { capabilities: {} });
            await other.connect(makeTransport(process.env.SANDBENCH_OTHER_KEY));
            const r = await call(other, 'shell', { container_id: container, commands: ['cat data/notes.txt'] });
            assert.equal(r.isError, true);
            assert.match(text(r), /container/);
            await other.close();
        });
        await check('http: protocol errors, keys, Origin, sessions, methods and sizes', async () => {
            const headers = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream',
                              Authorization: `Bearer ${key}` };
            const post = (body, extra = {}) => fetch(url, { method: 'POST', headers: { ...headers, ...extra }, body });
            // Refusals before the session are JSON-RPC errors too (id null), naming what to send instead.
            const refusal = async (res, status, pattern) => {
                assert.equal(res.status, status);
                assert.match(res.headers.get('content-type'), /^application\/json/);
                const body = await res.json();
                assert.equal(body.jsonrpc, '2.0');
                assert.equal(body.id, null);
                assert.equal(body.error.code, -32000);
                assert.match(body.error.message, pattern);
            };
            let res = await fetch(url, { method: 'POST', headers: { ...headers, Authorization: 'Bearer nope' }, body: '{}' });
            await refusal(res, 401, /missing or invalid API key: send Authorization: Bearer KEY/);
            res = await post('{}', { Origin: 'https://evil.example' });
            await refusal(res, 403, /Origin https:\/\/evil\.example.*--allow-origin/);
            res = await post('{not json');
            assert.equal(res.status, 400);
            assert.equal((await res.json()).error.code, -32700);
            res = await post('[]');
            assert.equal(res.status, 400);
            res = await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
            assert.equal(res.status, 400);
            assert.match((await res.json()).error.message, /Mcp-Session-Id/);
            res = await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }), { 'Mcp-Session-Id': 'mcps_nope' });
            assert.equal(res.status, 404);
            res = await fetch(url, { method: 'GET', headers });
            assert.equal(res.status, 405);
            // An oversized message: 413 with a JSON-RPC error (id null) naming the limit, from its head alone.
            res = await post('x'.repeat(5 * 1024 * 1024));
            assert.equal(res.status, 413);
            assert.match(res.headers.get('content-type'), /^application\/json/);
            const tooLarge = await res.json();
            assert.equal(tooLarge.jsonrpc, '2.0');
            assert.equal(tooLarge.id, null);
            assert.equal(tooLarge.error.code, -32600);
            assert.match(tooLarge.error.message, /5242880 bytes; an MCP message may be at most 4194304 bytes \(4 MiB\)/);
            // A well-formed request over the limit: its body is never read, so its id is unknown (null).
            res = await post(JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'ping', pad: 'z'.repeat(4 * 1024 * 1024) }));
            assert.equal(res.status, 413);
            assert.equal((await res.json()).id, null);
            // One byte over; a client that does not take JSON reads the same words as text.
            res = await post('x'.repeat(4 * 1024 * 1024 + 1), { Accept: 'text/event-stream' });
            assert.equal(res.status, 413);
            assert.match(res.headers.get('content-type'), /^text\/plain/);
            assert.match(await res.text(), /4194305 bytes; an MCP message may be at most 4194304 bytes/);
            // A session of our own, to see JSON-RPC errors in it.
            res = await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize',
                                              params: { protocolVersion: '2024-11-05', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } }));
            assert.equal(res.status, 200);
            const session = res.headers.get('mcp-session-id');
            assert.match(session, /^mcps_/);
            const init = await res.json();
            assert.equal(init.result.protocolVersion, '2024-11-05');
            const inSession = { 'Mcp-Session-Id': session };
            res = await post(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'no/such' }), inSession);
            assert.equal((await res.json()).error.code, -32601);
            res = await post(JSON.stringify({ jsonrpc: '1.0', id: 3, method: 'ping' }), inSession);
            assert.equal((await res.json()).error.code, -32600);
            res = await post(JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 7 } }), inSession);
            assert.equal((await res.json()).error.code, -32602);
            res = await post(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }), inSession);
            assert.equal(res.status, 202);
            res = await fetch(url, { method: 'DELETE', headers: { ...headers, ...inSession } });
            assert.equal(res.status, 200);
            res = await post(JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'ping' }), inSession);
            assert.equal(res.status, 404);
        });
    }
    await client.close();
}

async function approvalsPart() {
    const asked = [];
    const client = await connect({
        elicit: async request => {
            asked.push(request.params.message);
            if (request.params.message.includes('deny-me'))
                return { action: 'accept', content: { decision: 'deny', note: 'not on my machine' } };
            if (request.params.message.includes('decline-me'))
                return { action: 'decline' };
            if (request.params.message.includes('session-me'))
                return { action: 'accept', content: { decision: 'allow_session' } };
            return { action: 'accept', content: { decision: 'allow_once' } };
        },
    });
    await check('elicitation: an allowed call runs', async () => {
        const r = await call(client, 'shell', { commands: ['echo allowed-run'] });
        assert.notEqual(r.isError, true, text(r));
        assert.equal(r.structuredContent.output[0].stdout, 'allowed-run\n');
        assert.ok(asked.some(m => m.includes('echo allowed-run')), JSON.stringify(asked));
    });
    await check('elicitation: a denied call does not run and the note reaches the result', async () => {
        const r = await call(client, 'shell', { commands: ['echo deny-me > proof.txt'] });
        assert.equal(r.isError, true);
        assert.match(text(r), /denied/);
        assert.match(text(r), /not on my machine/);
    });
    await check('elicitation: allowed for the session, the same command runs again without asking', async () => {
        const before = asked.length;
        const a = await call(client, 'shell', { commands: ['echo session-me'] });
        assert.notEqual(a.isError, true, text(a));
        const b = await call(client, 'shell', { commands: ['echo session-me'] });
        assert.notEqual(b.isError, true, text(b));
        assert.equal(b.structuredContent.output[0].stdout, 'session-me\n');
        assert.equal(asked.length, before + 1);
    });
    await check('elicitation: a declined ask denies the call', async () => {
        const r = await call(client, 'python', { code: 'print("decline-me")' });
        assert.equal(r.isError, true);
        assert.match(text(r), /declined/);
    });
    await client.close();
    await check('no elicitation: nothing can ask, a clear tool error', async () => {
        const plain = await connect();
        const r = await call(plain, 'shell', { commands: ['echo hi'] });
        assert.equal(r.isError, true);
        assert.match(text(r), /approval/);
        await plain.close();
    });
}

if (part === 'approvals')
    await approvalsPart();
else
    await mainPart();
console.log(`${failures === 0 ? 'OK' : 'FAILED'} mcp ${sdk} ${transportKind} ${part}`);
process.exit(failures === 0 ? 0 : 1);
