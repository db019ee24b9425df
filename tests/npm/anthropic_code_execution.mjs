// Anthropic's code execution, run locally by `sandbench serve`, through the official @anthropic-ai/sdk on its
// typed paths (at /api/v1/messages and at /v1/messages): messages.create, messages.stream() + finalMessage()
// and client.beta.messages with code_execution_20250825 (bash_code_execution and text_editor_code_execution:
// create, str_replace, view, the file_not_found and invalid_tool_input errors), the response's container
// reused by id (and as {id}) across requests and read by openrouter:shell, a replayed conversation, the
// Python-only code_execution_20250522 and the API's errors for bad tools and an unknown container. Every block
// is checked against the SDK's .d.ts.
import assert from 'node:assert/strict';
import Anthropic from '@anthropic-ai/sdk';
import { Dts } from './lib/dts.mjs';
import { apiKey, assertAnswer, assertNoProblems, baseURL, runCases } from './lib/contract.mjs';

const root = baseURL.replace(/\/v1\/?$/, ''); // the SDK appends /v1/messages itself
const client = new Anthropic({ baseURL: root, apiKey, maxRetries: 0 });
// The SDK's default path with only the host changed: POST /v1/messages.
const originClient = new Anthropic({ baseURL: new URL(baseURL).origin, apiKey, maxRetries: 0 });
const stable = new Dts('@anthropic-ai/sdk/resources/messages/messages.d.ts');
const beta = new Dts('@anthropic-ai/sdk/resources/beta/messages/messages.d.ts');

const CODE_TOOL = { type: 'code_execution_20250825', name: 'code_execution' };
const PYTHON_TOOL = { type: 'code_execution_20250522', name: 'code_execution' };
const REPL_TOOLS = ['code_execution_20260120', 'code_execution_20260521'].map((type) => ({ type, name: 'code_execution' }));
const request = (model, tools, extra = {}) => ({
  model, max_tokens: 1024, messages: [{ role: 'user', content: 'Work in the container' }], tools, ...extra,
});

// Function names the loop offers the upstream model for each contract.
const bash = (command) => ({ tool_calls: [{ name: 'bash_code_execution', arguments: { command } }] });
const editor = (args) => ({ tool_calls: [{ name: 'text_editor_code_execution', arguments: args }] });
const python = (args) => ({ tool_calls: [{ name: 'python', arguments: args }] });
const answer = (chunks = 1) => ({ text: 'saw {{last_tool_result}}', chunks });

// A stored file's id in an expected result (any file_ + 24 letters and digits); the download checks are in
// files_anthropic.mjs.
const FILE_ID = '<file_id>';
const withFileIds = (content) => (Array.isArray(content?.content)
  ? { ...content, content: content.content.map((o) => (/^file_[a-z0-9]{24}$/.test(o?.file_id ?? '') ? { ...o, file_id: FILE_ID } : o)) }
  : content);

// The bash + text editor session: each call, its input and the result content it must produce.
const EDIT_CALLS = [
  { step: bash('echo contract-ok > note.txt && cat note.txt'),
    name: 'bash_code_execution',
    // The file the command wrote comes back by file_id (Files API), as Anthropic's result blocks carry it.
    content: { type: 'bash_code_execution_result', stdout: 'contract-ok\n', stderr: '', return_code: 0,
               content: [{ type: 'bash_code_execution_output', file_id: FILE_ID }] } },
  { step: editor({ command: 'create', path: 'notes/plan.md', file_text: 'alpha\nbeta\n' }),
    name: 'text_editor_code_execution',
    content: { type: 'text_editor_code_execution_create_result', is_file_update: false } },
  { step: editor({ command: 'str_replace', path: 'notes/plan.md', old_str: 'beta', new_str: 'gamma' }),
    name: 'text_editor_code_execution',
    content: { type: 'text_editor_code_execution_str_replace_result', old_start: 2, old_lines: 1, new_start: 2, new_lines: 1, lines: ['gamma'] } },
  { step: editor({ command: 'view', path: '/workspace/home/notes/plan.md' }),
    name: 'text_editor_code_execution',
    content: { type: 'text_editor_code_execution_view_result', content: 'alpha\ngamma', file_type: 'text', num_lines: 2, start_line: 1, total_lines: 2 } },
  { step: editor({ command: 'view', path: 'missing.txt' }),
    name: 'text_editor_code_execution',
    error: { type: 'text_editor_code_execution_tool_result_error', error_code: 'file_not_found', message: /missing\.txt/ } },
  { step: { tool_calls: [{ name: 'bash_code_execution', arguments: { cmd: 'ls' } }] },
    name: 'bash_code_execution',
    error: { type: 'bash_code_execution_tool_result_error', error_code: 'invalid_tool_input' } },
  { step: bash('cat notes/plan.md note.txt >&2; exit 3'),
    name: 'bash_code_execution',
    content: { type: 'bash_code_execution_result', stdout: '', stderr: 'alpha\ngamma\ncontract-ok\n', return_code: 3, content: [] } },
];
const PYTHON_CALLS = [
  { step: python({ source: 'print(1)' }),
    name: 'code_execution',
    error: { type: 'code_execution_tool_result_error', error_code: 'invalid_tool_input' } },
  { step: python({ code: 'print(6 * 7)' }),
    name: 'code_execution',
    content: { type: 'code_execution_result', stdout: '42\n', stderr: '', return_code: 0, content: [] } },
  { step: python({ code: 'import sys\nprint("contract-ok")\nsys.exit(2)' }),
    name: 'code_execution',
    content: { type: 'code_execution_result', stdout: 'contract-ok\n', stderr: '', return_code: 2, content: [] } },
];
// sys.exit, a figure shown with plt.show() (no savefig) and a print over max_output_length (16,384) in the
// REPL: the exit's status, the shown figure as a PNG file the code made, the shell's truncation marker.
const EXIT_CODE = "import sys\nprint('contract-ok')\nsys.exit(3)";
const SHOW_CODE = [
  'try:',
  '    import matplotlib.pyplot as plt',
  '    plt.plot([1, 2, 3], [1, 4, 9])',
  '    plt.show()',
  "    print('shown')",
  'except ImportError:',
  "    print('no-matplotlib')",
].join('\n');
const BIG_CODE = "print('contract-ok ' + 'x' * 200_000)";
const BIG_KEPT = `contract-ok ${'x'.repeat(16384 - 12)}\n[... ${200013 - 16384} characters truncated ...]`;
const replCalls = (drawn) => [
  { step: python({ code: EXIT_CODE }), name: 'code_execution',
    content: { type: 'code_execution_result', stdout: 'contract-ok\n', stderr: '', return_code: 3, content: [] } },
  { step: python({ code: SHOW_CODE }), name: 'code_execution',
    content: { type: 'code_execution_result', stdout: drawn ? 'shown\n' : 'no-matplotlib\n', stderr: '', return_code: 0,
               content: drawn ? [{ type: 'code_execution_output', file_id: FILE_ID }] : [] } },
  { step: python({ code: BIG_CODE }), name: 'code_execution',
    content: { type: 'code_execution_result', stdout: BIG_KEPT, stderr: '', return_code: 0, content: [] } },
];
const PTC_CODE = "w = await get_weather(city='Paris')\nprint('weather:', w)\nw.upper()";
const stepsOf = (calls, chunks) => [...calls.map((c) => c.step), answer(chunks)];

// The SDK interface of each block and result content type ('Beta' + name in the beta typings).
const BLOCKS = {
  text: 'TextBlock',
  server_tool_use: 'ServerToolUseBlock',
  bash_code_execution_tool_result: 'BashCodeExecutionToolResultBlock',
  text_editor_code_execution_tool_result: 'TextEditorCodeExecutionToolResultBlock',
  code_execution_tool_result: 'CodeExecutionToolResultBlock',
  tool_use: 'ToolUseBlock', // a call the code made (programmatic tool calling)
  openrouter_shell_tool_result: null, // Sandbench's own shell tool: not in the typings
};
const CONTENTS = {
  bash_code_execution_result: 'BashCodeExecutionResultBlock',
  bash_code_execution_tool_result_error: 'BashCodeExecutionToolResultErrorObject',
  text_editor_code_execution_view_result: 'TextEditorCodeExecutionViewResultBlock',
  text_editor_code_execution_create_result: 'TextEditorCodeExecutionCreateResultBlock',
  text_editor_code_execution_str_replace_result: 'TextEditorCodeExecutionStrReplaceResultBlock',
  text_editor_code_execution_tool_result_error: 'TextEditorCodeExecutionToolResultErrorObject',
  code_execution_result: 'CodeExecutionResultBlock',
  code_execution_tool_result_error: 'CodeExecutionToolResultErrorObject',
};
const ERROR_CODES = {
  bash_code_execution_tool_result_error: 'BashCodeExecutionToolResultErrorCode',
  text_editor_code_execution_tool_result_error: 'TextEditorCodeExecutionToolResultErrorCode',
  code_execution_tool_result_error: 'CodeExecutionToolResultErrorCode',
};

function blockProblems(dts, prefix, block, where) {
  if (!(block.type in BLOCKS)) return [`${where}: block type "${block.type}" is not one this contract sends`];
  const name = BLOCKS[block.type];
  if (!name) return [];
  // openrouter:shell's server_tool_use name is Sandbench's extension of the closed enum; the code tools' are in it.
  const except = block.type === 'server_tool_use' && block.name?.startsWith('openrouter:') ? ['name'] : [];
  const problems = dts.problems(prefix + name, block, where, except);
  if (block.type === 'server_tool_use') {
    // The stable typings say `caller` is always there; the beta ones make it optional. Either way: direct.
    if (block.caller !== undefined) problems.push(...dts.problems(`${prefix}DirectCaller`, block.caller, `${where}.caller`));
    if (!/^srvtoolu_\w+$/.test(block.id)) problems.push(`${where}.id: ${block.id} is not a srvtoolu_ id`);
  }
  if (block.type === 'tool_use') {
    // Only calls the code made come back here; their caller is the code execution tool's call.
    problems.push(...dts.problems(`${prefix}ServerToolCaller20260120`, block.caller ?? {}, `${where}.caller`));
    if (!/^toolu_\w+$/.test(block.id)) problems.push(`${where}.id: ${block.id} is not a toolu_ id`);
  }
  const content = block.content;
  if (block.type.endsWith('_tool_result')) {
    const inner = CONTENTS[content?.type];
    if (!inner || !content.type.startsWith(block.type.replace(/_tool_result$/, ''))) {
      problems.push(`${where}.content.type "${content?.type}" does not belong in ${block.type}`);
    } else {
      problems.push(...dts.problems(prefix + inner, content, `${where}.content`));
      const codes = ERROR_CODES[content.type] && dts.unions.get(prefix + ERROR_CODES[content.type]);
      if (codes && !codes.includes(`'${content.error_code}'`))
        problems.push(`${where}.content.error_code "${content.error_code}" is not in ${codes.join(' | ')}`);
    }
  }
  return problems;
}

function messageProblems(message, dts = stable, prefix = '') {
  const problems = dts.problems(`${prefix}Message`, message);
  problems.push(...dts.problems(`${prefix}Usage`, message.usage ?? {}, 'Message.usage'));
  if (message.container) problems.push(...dts.problems(`${prefix}Container`, message.container, 'Message.container'));
  message.content?.forEach((block, i) => problems.push(...blockProblems(dts, prefix, block, `Message.content[${i}]`)));
  return problems;
}

// The message's tool blocks must be, in order, one server_tool_use and its result per expected call.
function assertCalls(message, calls) {
  assert.equal(message.stop_reason, 'end_turn', 'stop_reason');
  assert.ok(/^[\w-]{1,40}$/.test(message.container?.id ?? ''), `message.container.id: ${JSON.stringify(message.container)}`);
  assert.ok(!Number.isNaN(Date.parse(message.container.expires_at)), `container.expires_at: ${message.container.expires_at}`);
  const blocks = message.content.filter((b) => b.type !== 'text');
  assert.equal(blocks.length, calls.length * 2, `two blocks per call: ${JSON.stringify(message.content.map((b) => b.type))}`);
  calls.forEach((call, i) => {
    const [use, result] = [blocks[2 * i], blocks[2 * i + 1]];
    const where = `call ${i} (${call.name})`;
    assert.equal(use.type, 'server_tool_use', `${where}: block type`);
    assert.equal(use.name, call.name, `${where}: server_tool_use.name`);
    assert.deepEqual(use.input, call.step.tool_calls[0].arguments, `${where}: server_tool_use.input`);
    assert.deepEqual(use.caller, { type: 'direct' }, `${where}: server_tool_use.caller`);
    assert.equal(result.type, `${call.name}_tool_result`, `${where}: result block type`);
    assert.equal(result.tool_use_id, use.id, `${where}: tool_use_id`);
    if (call.content) {
      assert.deepEqual(withFileIds(result.content), call.content, `${where}: result content`);
    } else {
      assert.equal(result.content.type, call.error.type, `${where}: error type (${JSON.stringify(result.content)})`);
      assert.equal(result.content.error_code, call.error.error_code, `${where}: error_code`);
      if (call.error.message) assert.match(result.content.error_message ?? '', call.error.message, `${where}: error_message`);
    }
  });
  const text = message.content.filter((b) => b.type === 'text').map((b) => b.text).join('');
  assertAnswer(text, 'the text blocks');
}

async function streamed(body, { dts = stable, prefix = '', betas } = {}) {
  const stream = betas ? client.beta.messages.stream({ ...body, betas }) : client.messages.stream(body);
  const events = [];
  for await (const event of stream) events.push(event);
  const message = await stream.finalMessage();
  const eventTypes = dts.literalsOf(`${prefix}RawMessageStreamEvent`);
  const deltaTypes = dts.literalsOf(`${prefix}RawContentBlockDelta`);
  const problems = [];
  const started = new Map();
  events.forEach((event, i) => {
    const where = `event ${i} ${event.type}`;
    const name = eventTypes[event.type];
    if (!name) return problems.push(`event ${i} "${event.type}" is not in ${prefix}RawMessageStreamEvent`);
    problems.push(...dts.problems(name, event, where));
    if (event.type === 'message_start') problems.push(...dts.problems(`${prefix}Message`, event.message, `${where}.message`));
    if (event.type === 'content_block_start') {
      started.set(event.index, event.content_block);
      problems.push(...blockProblems(dts, prefix, event.content_block, `${where}.content_block`));
    }
    if (event.type === 'content_block_delta') {
      if (!deltaTypes[event.delta?.type]) problems.push(`${where}: delta type "${event.delta?.type}" is not in ${prefix}RawContentBlockDelta`);
      const block = started.get(event.index);
      if (event.delta?.type === 'input_json_delta' && !['server_tool_use', 'tool_use'].includes(block?.type))
        problems.push(`${where}: input_json_delta for a ${block?.type} block`);
    }
    if (event.type === 'message_delta') {
      problems.push(...dts.problems(`${prefix}RawMessageDeltaEvent.Delta`, event.delta, `${where}.delta`));
      problems.push(...dts.problems(`${prefix}MessageDeltaUsage`, event.usage, `${where}.usage`));
      if (event.delta.container) problems.push(...dts.problems(`${prefix}Container`, event.delta.container, `${where}.delta.container`));
    }
  });
  assert.equal(events[0]?.type, 'message_start', 'first event');
  assert.equal(events.at(-1)?.type, 'message_stop', 'last event');
  const uses = events.filter((e) => e.type === 'content_block_start' && e.content_block.type === 'server_tool_use');
  for (const e of uses) assert.deepEqual(e.content_block.input, {}, 'a server_tool_use starts with input {} (its JSON follows as deltas)');
  problems.push(...messageProblems(message, dts, prefix));
  return { message, problems };
}

async function rejected(body) {
  const error = await client.messages.create(body).then(() => null, (e) => e);
  assert.ok(error instanceof Anthropic.BadRequestError, `BadRequestError, got ${error?.constructor?.name}: ${error?.message}`);
  assert.equal(error.status, 400);
  assert.equal(error.error?.type, 'error', `error body: ${JSON.stringify(error.error)}`);
  assert.equal(error.error?.error?.type, 'invalid_request_error', `error body: ${JSON.stringify(error.error)}`);
  return error.error.error.message;
}

// The beta path: create, view (before any edit) and bash, whose output the answer quotes.
const BETA_CALLS = [EDIT_CALLS[1], { ...EDIT_CALLS[3], content: { ...EDIT_CALLS[3].content, content: 'alpha\nbeta' } }, EDIT_CALLS[0]];

// Container reuse: a file from the first request is seen by the second (container: id), the third
// (container: {id}) and by openrouter:shell pointed at the same container (its own container_reference).
const REUSE_STEPS = [
  bash('echo reuse-ok > kept.txt'), answer(),
  editor({ command: 'view', path: 'kept.txt' }), editor({ command: 'create', path: 'from-editor.txt', file_text: 'editor-ok\n' }), answer(),
  bash('cat kept.txt from-editor.txt'), answer(),
  { tool_calls: [{ name: 'shell', arguments: { commands: ['cat kept.txt from-editor.txt'] } }] }, answer(),
];

await runCases([
  {
    name: 'create-bash-editor',
    steps: stepsOf(EDIT_CALLS),
    run: async (model) => {
      const message = await client.messages.create(request(model, [CODE_TOOL]));
      assertCalls(message, EDIT_CALLS);
      assertNoProblems(messageProblems(message), 'the message');
    },
  },
  {
    name: 'stream-bash-editor',
    steps: stepsOf(EDIT_CALLS, 3),
    run: async (model) => {
      const { message, problems } = await streamed(request(model, [CODE_TOOL]));
      assertCalls(message, EDIT_CALLS);
      assertNoProblems(problems, 'the event stream');
    },
  },
  {
    name: 'beta-bash-editor',
    steps: [...stepsOf(BETA_CALLS), ...stepsOf(BETA_CALLS, 2)],
    run: async (model) => {
      const body = request(model, [{ ...CODE_TOOL, cache_control: { type: 'ephemeral' }, defer_loading: false, strict: true, allowed_callers: ['direct'] }]);
      const message = await client.beta.messages.create({ ...body, betas: ['code-execution-2025-08-25'] });
      assertCalls(message, BETA_CALLS);
      assertNoProblems(messageProblems(message, beta, 'Beta'), 'the beta message');
      const { message: again, problems } = await streamed(body, { dts: beta, prefix: 'Beta', betas: ['code-execution-2025-08-25'] });
      assertCalls(again, BETA_CALLS);
      assertNoProblems(problems, 'the beta event stream');
    },
  },
  {
    name: 'container-reuse',
    steps: REUSE_STEPS,
    run: async (model) => {
      const first = await client.messages.create(request(model, [CODE_TOOL]));
      const id = first.container?.id;
      assert.ok(id, `first.container: ${JSON.stringify(first.container)}`);
      const second = await client.messages.create(request(model, [CODE_TOOL], { container: id }));
      assert.equal(second.container?.id, id, 'container: id reuses the container');
      const view = second.content.find((b) => b.type === 'text_editor_code_execution_tool_result');
      assert.equal(view?.content?.content, 'reuse-ok', `the second request sees the first one's file: ${JSON.stringify(view)}`);
      const third = await client.messages.create(request(model, [CODE_TOOL], { container: { id } }));
      assert.equal(third.container?.id, id, 'container: {id} reuses the container');
      const cat = third.content.find((b) => b.type === 'bash_code_execution_tool_result');
      assert.equal(cat?.content?.stdout, 'reuse-ok\neditor-ok\n', `bash reads both files: ${JSON.stringify(cat)}`);
      const shellTool = { type: 'openrouter:shell', parameters: { engine: 'openrouter', environment: { type: 'container_reference', container_id: id } } };
      const fourth = await client.messages.create(request(model, [shellTool]));
      assert.equal(fourth.container?.id, id, 'openrouter:shell runs in the same container');
      const shell = fourth.content.find((b) => b.type === 'openrouter_shell_tool_result');
      assert.equal(shell?.content?.output?.[0]?.stdout, 'reuse-ok\neditor-ok\n', `the shell reads the code tools' files: ${JSON.stringify(shell)}`);
      for (const [i, m] of [first, second, third, fourth].entries()) assertNoProblems(messageProblems(m), `message ${i + 1}`);
    },
  },
  {
    name: 'replay',
    steps: [...stepsOf([EDIT_CALLS[0]]), { text: 'again {{last_tool_result}}' }],
    run: async (model) => {
      const first = await client.messages.create(request(model, [CODE_TOOL]));
      assertCalls(first, [EDIT_CALLS[0]]);
      // The answer's blocks go back as the assistant turn, as a program continuing the conversation sends them.
      const messages = [
        { role: 'user', content: 'Work in the container' },
        { role: 'assistant', content: first.content },
        { role: 'user', content: 'What did it print?' },
      ];
      const second = await client.messages.create({ ...request(model, [CODE_TOOL]), messages, container: first.container.id });
      const text = second.content.filter((b) => b.type === 'text').map((b) => b.text).join('');
      // The model got the replayed bash result as its last tool result.
      assert.ok(text.startsWith('again ') && text.includes('"stdout":"contract-ok\\n"') && text.includes('"return_code":0'),
                `the model read the replayed result: ${JSON.stringify(text)}`);
      assertNoProblems(messageProblems(second), 'the second message');
    },
  },
  {
    name: 'create-python-20250522',
    steps: stepsOf(PYTHON_CALLS),
    run: async (model) => {
      const message = await originClient.messages.create(request(model, [PYTHON_TOOL]));
      assertCalls(message, PYTHON_CALLS);
      assertNoProblems(messageProblems(message), 'the message');
    },
  },
  {
    name: 'stream-python-20250522',
    steps: stepsOf(PYTHON_CALLS, 2),
    run: async (model) => {
      const { message, problems } = await streamed(request(model, [PYTHON_TOOL]));
      assertCalls(message, PYTHON_CALLS);
      assertNoProblems(problems, 'the event stream');
    },
  },
  // code_execution_20260120/20260521: the Python REPL keeps its state between requests that pass container
  // (the container's kernel; SPEC §10), and a cell shows its last expression after what it printed.
  ...REPL_TOOLS.map((tool, i) => ({
    name: `python-state-${tool.type.slice(-8)}`,
    steps: [
      python({ code: "x = 41\nprint('contract-ok')" }), answer(),
      python({ code: "print('contract-ok')\nx + 1" }), answer(2),
    ],
    run: async (model) => {
      const setX = [{ step: python({ code: "x = 41\nprint('contract-ok')" }), name: 'code_execution',
        content: { type: 'code_execution_result', stdout: 'contract-ok\n', stderr: '', return_code: 0, content: [] } }];
      const useX = [{ step: python({ code: "print('contract-ok')\nx + 1" }), name: 'code_execution',
        content: { type: 'code_execution_result', stdout: 'contract-ok\n42\n', stderr: '', return_code: 0, content: [] } }];
      const first = await client.messages.create(request(model, [tool]));
      assertCalls(first, setX);
      assertNoProblems(messageProblems(first), 'the first message');
      const body = request(model, [tool], { container: first.container.id });
      // The second request on the other typed path: the stream (20521) or the create call (20260120).
      const second = i === 0 ? { message: await client.messages.create(body), problems: [] } : await streamed(body);
      if (i === 0) second.problems.push(...messageProblems(second.message));
      assert.equal(second.message.container?.id, first.container.id, 'container reused by id');
      assertCalls(second.message, useX);
      assertNoProblems(second.problems, 'the second message');
    },
  })),
  ...REPL_TOOLS.map((tool, i) => ({
    name: `python-exit-show-cut-${tool.type.slice(-8)}`,
    steps: stepsOf(replCalls(true), 2),
    run: async (model) => {
      const { message, problems } = i === 0
        ? await (async (m) => ({ message: m, problems: messageProblems(m) }))(await client.messages.create(request(model, [tool])))
        : await streamed(request(model, [tool]));
      assertNoProblems(problems, 'the message');
      const results = message.content.filter((b) => b.type === 'code_execution_tool_result');
      const drawn = results[1]?.content?.stdout === 'shown\n';
      if (!drawn) console.log('note: the container\'s python3 has no matplotlib; the plt.show() check was skipped');
      assertCalls(message, replCalls(drawn));
      if (drawn) {
        // The shown figure is a file: its id downloads the PNG through the Files API.
        const id = results[1].content.content[0].file_id;
        const meta = await client.beta.files.retrieveMetadata(id);
        assert.equal(meta.mime_type, 'image/png', `metadata: ${JSON.stringify(meta)}`);
        assert.match(meta.filename, /\.png$/, 'filename');
        const png = Buffer.from(await (await client.beta.files.download(id)).arrayBuffer());
        assert.equal(png.subarray(1, 4).toString(), 'PNG', 'the download is the PNG');
        assert.equal(png.length, meta.size_bytes, 'size_bytes');
      }
    },
  })),
  // Programmatic tool calling (code_execution_20260120/20260521): a tool whose allowed_callers name the version
  // is an async function in the code; its call ends the response with stop_reason tool_use and a tool_use
  // block whose caller is the code call; the client's tool_result (with the container) resumes the code.
  ...REPL_TOOLS.map((tool, i) => ({
    name: `programmatic-call-${tool.type.slice(-8)}`,
    steps: [python({ code: PTC_CODE }), answer()],
    run: async (model) => {
      const weather = {
        name: 'get_weather', description: 'The weather in a city',
        input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
        allowed_callers: [tool.type],
      };
      const ask = async (body) => (i === 0 ? { message: await client.messages.create(body), problems: [] } : streamed(body));
      const first = await ask(request(model, [tool, weather]));
      first.problems.push(...(i === 0 ? messageProblems(first.message) : []));
      assertNoProblems(first.problems, 'the paused message');
      const paused = first.message;
      assert.equal(paused.stop_reason, 'tool_use', 'stop_reason');
      assert.deepEqual(paused.content.map((b) => b.type), ['server_tool_use', 'tool_use'], 'blocks');
      const [use, call] = paused.content;
      assert.equal(use.name, 'code_execution');
      assert.deepEqual(use.input, { code: PTC_CODE });
      assert.equal(call.name, 'get_weather');
      assert.deepEqual(call.input, { city: 'Paris' }, 'the input the code passed');
      assert.deepEqual(call.caller, { type: 'code_execution_20260120', tool_id: use.id }, 'caller');
      const messages = [
        { role: 'user', content: 'Work in the container' },
        { role: 'assistant', content: paused.content },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: call.id, content: 'sunny' }] },
      ];
      const second = await ask({ ...request(model, [tool, weather], { container: paused.container.id }), messages });
      second.problems.push(...(i === 0 ? messageProblems(second.message) : []));
      assertNoProblems(second.problems, 'the resumed message');
      const done = second.message;
      assert.equal(done.stop_reason, 'end_turn');
      assert.equal(done.container?.id, paused.container.id, 'the same container');
      const result = done.content[0];
      assert.equal(result.type, 'code_execution_tool_result', `first block: ${JSON.stringify(done.content)}`);
      assert.equal(result.tool_use_id, use.id, 'the result belongs to the paused code call');
      assert.deepEqual(result.content, { type: 'code_execution_result', stdout: "weather: sunny\n'SUNNY'\n", stderr: '', return_code: 0, content: [] });
      const text = done.content.filter((b) => b.type === 'text').map((b) => b.text).join('');
      assert.ok(text.includes('weather: sunny'), `the model read the resumed cell's output: ${text}`);
    },
  })),
  {
    name: 'error-unknown-container',
    run: async (model) => {
      const message = await rejected(request(model, [CODE_TOOL], { container: 'container_never_made_here' }));
      assert.match(message, /no container container_never_made_here/, 'the message names the container');
      const bad = await rejected(request(model, [CODE_TOOL], { container: '../etc' }));
      assert.match(bad, /container must be a container id/, 'a malformed container id');
    },
  },
  {
    name: 'error-bad-tool',
    run: async (model) => {
      const name = await rejected(request(model, [{ type: 'code_execution_20250825', name: 'python' }]));
      assert.match(name, /tools\[0\]\.name must be "code_execution"/, 'the message names the field');
      const version = await rejected(request(model, [{ type: 'code_execution_20240101', name: 'code_execution' }]));
      assert.match(version, /code_execution_20240101.*supported: code_execution_20250825/, 'the message names the supported versions');
      const extra = await rejected(request(model, [{ ...CODE_TOOL, timeout: 5 }]));
      assert.match(extra, /tools\[0\]\.timeout: extra inputs are not permitted/, 'an unknown option');
      const two = await rejected(request(model, [CODE_TOOL, PYTHON_TOOL]));
      assert.match(two, /only one code-execution tool/, 'two code tools');
      // Programmatic tool calling: the callers must be the API's words, and a tool the code calls must be a
      // Python name; a code-made tool_use replayed with another id than this API gave is refused.
      const fn = (name, allowed_callers) => ({ name, input_schema: { type: 'object' }, allowed_callers });
      const callers = await rejected(request(model, [REPL_TOOLS[0], fn('f', ['someone'])]));
      assert.match(callers, /tools\[1\]\.allowed_callers must be a non-empty array of direct, /, 'bad allowed_callers');
      const dashed = await rejected(request(model, [REPL_TOOLS[0], fn('get-weather', ['code_execution_20260120'])]));
      assert.match(dashed, /tools\[1\]\.name "get-weather" must be a Python identifier/, 'a name Python cannot call');
      const forged = await rejected({
        ...request(model, [REPL_TOOLS[0], fn('f', ['code_execution_20260120'])]),
        messages: [
          { role: 'user', content: 'go' },
          { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_../../x', name: 'f', input: {}, caller: { type: 'code_execution_20260120', tool_id: 'srvtoolu_x' } }] },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_../../x', content: 'x' }] },
        ],
      });
      assert.match(forged, /must keep the id and caller\.tool_id this API gave it/, 'a forged code-made call');
    },
  },
]);
