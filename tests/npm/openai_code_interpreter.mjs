// OpenAI's hosted code interpreter run locally: the official openai SDK (argument: "openai" for the current
// major or "openai-v6") against `sandbench serve` with {type: "code_interpreter"}: responses.create and the
// responses.stream() helper (finalResponse()), container reuse by id, a file the code wrote read by an
// openrouter:shell call in the same container, an image output, the typed error for an unknown container,
// and (current major only) the Agents SDK's codeInterpreterTool(). Assertions follow the SDK's own .d.ts.
import assert from 'node:assert/strict';
import { Dts } from './lib/dts.mjs';
import { apiKey, assertAnswer, assertNoProblems, baseURL, runCases } from './lib/contract.mjs';

const pkg = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 'openai';
const { default: OpenAI } = await import(pkg);
const dts = new Dts(`${pkg}/resources/responses/responses.d.ts`);
const eventTypes = dts.literalsOf('ResponseStreamEvent');
const itemTypes = new Set(dts.unions.get('ResponseOutputItem').map((m) => dts.typeLiteral(m)));
const client = new OpenAI({ baseURL, apiKey, maxRetries: 0 });

const interpreter = (container = { type: 'auto' }) => [{ type: 'code_interpreter', container }];
const include = ['code_interpreter_call.outputs'];

// The code each case has the scripted model run. PLOT draws with matplotlib when the container's python3
// has it (a figure left open and a saved file); without it, it writes a 1x1 PNG by hand so the image
// output is still checked, and prints which way it went.
const WRITE = "print('contract-ok')\nopen('ci-note.txt', 'w').write('from-code-interpreter\\n')";
const READ = "print(open('ci-note.txt').read().strip(), 'contract-ok')";
const PLOT = [
  'try:',
  '    import matplotlib.pyplot as plt',
  '    plt.plot([1, 2, 3], [1, 4, 9])',
  "    plt.savefig('chart.png')",
  "    print('drawn contract-ok')",
  'except ImportError:',
  '    import base64',
  "    open('chart.png', 'wb').write(base64.b64decode('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='))",
  "    print('no-matplotlib contract-ok')",
].join('\n');

// sys.exit, a figure shown with plt.show() (no savefig) and a print over max_output_length (16,384).
const EXIT = "import sys\nprint('contract-ok')\nsys.exit(3)";
const SHOW = [
  'try:',
  '    import matplotlib.pyplot as plt',
  '    plt.plot([1, 2, 3], [1, 4, 9])',
  '    plt.show()',
  "    print('shown contract-ok')",
  'except ImportError:',
  "    print('no-matplotlib contract-ok')",
].join('\n');
const BIG = "print('contract-ok ' + 'x' * 200_000)";
// The shell's marker (SPEC 1.3): the first 16,384 characters of the cell's 200,013, then the number dropped.
const BIG_KEPT = `contract-ok ${'x'.repeat(16384 - 12)}\n[... ${200013 - 16384} characters truncated ...]`;

const pythonStep = (code) => ({ tool_calls: [{ name: 'python', arguments: { code } }] });
const answer = (chunks = 1) => ({ text: 'saw {{last_tool_result}}', chunks });

function responseProblems(response) {
  const problems = dts.problems('Response', response);
  response.output.forEach((item, i) => {
    const where = `Response.output[${i}]`;
    if (!itemTypes.has(item.type)) problems.push(`${where}.type "${item.type}" is not a ResponseOutputItem type`);
    if (item.type === 'code_interpreter_call') {
      problems.push(...dts.problems('ResponseCodeInterpreterToolCall', item, where));
      item.outputs?.forEach((o, j) => {
        const name = o.type === 'logs' ? 'ResponseCodeInterpreterToolCall.Logs' : 'ResponseCodeInterpreterToolCall.Image';
        problems.push(...dts.problems(name, o, `${where}.outputs[${j}]`));
      });
    } else if (item.type === 'message') {
      problems.push(...dts.problems('ResponseOutputMessage', item, where));
    }
  });
  return problems;
}

// The one code_interpreter_call of a completed response, checked against the d.ts and the code it ran.
function codeCall(response, code) {
  assert.equal(response.status, 'completed', `status (error: ${JSON.stringify(response.error)})`);
  assertAnswer(response.output_text, 'response.output_text');
  assertNoProblems(responseProblems(response), 'the response');
  const calls = response.output.filter((i) => i.type === 'code_interpreter_call');
  assert.equal(calls.length, 1, `one code_interpreter_call in ${JSON.stringify(response.output.map((i) => i.type))}`);
  const [call] = calls;
  assert.equal(call.code, code, 'code_interpreter_call.code');
  assert.equal(call.status, 'completed', 'code_interpreter_call.status');
  assert.ok(typeof call.container_id === 'string' && call.container_id.length > 0, `container_id: ${call.container_id}`);
  return call;
}

const logsOf = (call) => (call.outputs ?? []).filter((o) => o.type === 'logs').map((o) => o.logs).join('');

function eventProblems(events) {
  const problems = [];
  events.forEach((event, i) => {
    const name = eventTypes[event.type];
    if (!name) problems.push(`event ${i} "${event.type}" is not in ResponseStreamEvent`);
    else problems.push(...dts.problems(name, event, `event ${i} ${event.type}`));
  });
  return problems;
}

const cases = [
  {
    name: 'create-reuse-share',
    steps: [
      pythonStep(WRITE), answer(),
      { tool_calls: [{ name: 'shell', arguments: { commands: ['cat ci-note.txt', 'echo contract-ok'] } }] }, answer(),
      pythonStep(READ), answer(),
    ],
    run: async (model) => {
      // 1. The code runs and writes a file; its logs come back because the request includes them.
      const first = await client.responses.create({ model, input: 'Write the note', tools: interpreter(), include });
      const call = codeCall(first, WRITE);
      // A notebook cell: the last expression (write()'s count) shows after the print, as in Jupyter.
      assert.deepEqual(call.outputs, [{ type: 'logs', logs: 'contract-ok\n22\n' }], 'outputs');
      const container = call.container_id;
      // 2. An openrouter:shell call in the same container reads what the code wrote.
      const shell = await client.responses.create({
        model, input: 'Read the note',
        tools: [{ type: 'openrouter:shell', parameters: { environment: { type: 'container_reference', container_id: container } } }],
      });
      const item = shell.output.find((i) => i.type === 'openrouter:shell');
      assert.equal(item?.container_id, container, 'the shell ran in the code interpreter\'s container');
      assert.equal(item.output[0].stdout, 'from-code-interpreter\n', 'the shell read the file the code wrote');
      // 3. The container id as the tool's container reuses it; without include, outputs are null.
      const again = await client.responses.create({ model, input: 'Read it back', tools: interpreter(container) });
      const reused = codeCall(again, READ);
      assert.equal(reused.container_id, container, 'container reused by id');
      assert.equal(reused.outputs, null, 'outputs without include');
      assert.ok(again.output_text.includes('from-code-interpreter'), `the model saw the file: ${again.output_text}`);
    },
  },
  {
    // The container's Python kernel keeps state across requests that reuse the container (SPEC §10).
    name: 'notebook-state',
    steps: [
      pythonStep("x = 41\nprint('contract-ok')"), answer(),
      pythonStep("print('contract-ok')\nx + 1"), answer(),
    ],
    run: async (model) => {
      const first = await client.responses.create({ model, input: 'Set x', tools: interpreter(), include });
      const call = codeCall(first, "x = 41\nprint('contract-ok')");
      assert.deepEqual(call.outputs, [{ type: 'logs', logs: 'contract-ok\n' }], 'outputs of the first cell');
      const second = await client.responses.create({
        model, input: 'Use x', tools: interpreter(call.container_id), include,
      });
      const next = codeCall(second, "print('contract-ok')\nx + 1");
      assert.equal(next.container_id, call.container_id, 'container reused by id');
      assert.deepEqual(next.outputs, [{ type: 'logs', logs: 'contract-ok\n42\n' }], 'state and the last expression');
    },
  },
  {
    name: 'stream-image',
    steps: [pythonStep(PLOT), answer(3)],
    run: async (model) => {
      const stream = client.responses.stream({ model, input: 'Plot it', tools: interpreter(), include });
      const events = [];
      for await (const event of stream) events.push(event);
      const response = await stream.finalResponse();
      assertNoProblems(eventProblems(events), 'the event stream');
      const call = codeCall(response, PLOT);
      const types = events.map((e) => e.type);
      const order = ['response.output_item.added', 'response.code_interpreter_call.in_progress',
        'response.code_interpreter_call_code.delta', 'response.code_interpreter_call_code.done',
        'response.code_interpreter_call.interpreting', 'response.code_interpreter_call.completed'];
      const at = order.map((t) => types.indexOf(t));
      assert.ok(at.every((i, k) => i >= 0 && (k === 0 || i > at[k - 1])), `code interpreter events in order: ${types}`);
      events.forEach((e, i) => assert.equal(e.sequence_number, i, `sequence_number of event ${i}`));
      const done = events.filter((e) => e.type === 'response.output_item.done' && e.item.type === 'code_interpreter_call');
      assert.equal(done.length, 1, 'one output_item.done for the call');
      assert.deepEqual(done[0].item, call, 'the done item is the final one');
      const logs = logsOf(call);
      assert.ok(logs.includes('contract-ok'), `logs: ${logs}`);
      const images = call.outputs.filter((o) => o.type === 'image');
      // matplotlib: chart.png and the figure left open; without it the hand-made PNG only.
      // The saved chart is the image; the kernel does not show the same figure again (no duplicate).
      assert.equal(images.length, 1, `image outputs: ${images.length}`);
      for (const image of images) {
        assert.match(image.url, /^data:image\/png;base64,/, 'image url');
        const bytes = Buffer.from(image.url.slice(image.url.indexOf(',') + 1), 'base64');
        assert.equal(bytes.subarray(1, 4).toString(), 'PNG', 'a PNG image');
      }
      if (!logs.startsWith('drawn')) console.log('note: the container\'s python3 has no matplotlib; the figure case was skipped');
    },
  },
  {
    // As a Jupyter kernel shows them: the exit in the logs, a shown figure as an image, a long print cut
    // with the number of characters dropped.
    name: 'exit-show-truncate',
    steps: [pythonStep(EXIT), answer(), pythonStep(SHOW), answer(), pythonStep(BIG), answer()],
    run: async (model) => {
      const exited = codeCall(await client.responses.create({ model, input: 'Exit', tools: interpreter(), include }), EXIT);
      assert.deepEqual(exited.outputs, [{ type: 'logs', logs: 'contract-ok\nSystemExit: 3\n' }], 'the exit in the logs');
      const shown = codeCall(await client.responses.create({ model, input: 'Show', tools: interpreter(), include }), SHOW);
      if (logsOf(shown).startsWith('shown')) {
        assert.deepEqual(shown.outputs.map((o) => o.type), ['logs', 'image'], 'the shown figure is an image');
        const png = Buffer.from(shown.outputs[1].url.slice(shown.outputs[1].url.indexOf(',') + 1), 'base64');
        assert.equal(png.subarray(1, 4).toString(), 'PNG', 'a PNG image');
      } else {
        console.log('note: the container\'s python3 has no matplotlib; the plt.show() check was skipped');
      }
      const big = codeCall(await client.responses.create({ model, input: 'Print', tools: interpreter(), include }), BIG);
      assert.deepEqual(big.outputs, [{ type: 'logs', logs: BIG_KEPT }], 'the cut logs');
    },
  },
  {
    name: 'error-unknown-container',
    run: async (model) => {
      const error = await client.responses.create({ model, input: 'hi', tools: interpreter('cntr_nothing_here') })
        .then(() => null, (e) => e);
      assert.ok(error instanceof OpenAI.BadRequestError, `BadRequestError, got ${error?.constructor?.name}: ${error?.message}`);
      assert.equal(error.status, 400);
      assert.match(error.message, /tools\[0\]\.container/, 'the message names the field');
      assert.equal(error.param, 'tools[0].container', 'error.param');
    },
  },
  {
    name: 'error-bad-tool',
    run: async (model) => {
      const error = await client.responses.create({ model, input: 'hi', tools: [{ type: 'code_interpreter' }] })
        .then(() => null, (e) => e);
      assert.ok(error instanceof OpenAI.BadRequestError, `BadRequestError, got ${error?.constructor?.name}: ${error?.message}`);
      assert.match(error.message, /tools\[0\]\.container is required/, 'the message names the field');
    },
  },
];

if (pkg === 'openai') {
  // The Agents SDK's hosted codeInterpreterTool(): the call comes back as a hosted_tool_call item.
  const { Agent, run, setDefaultOpenAIClient, setOpenAIAPI, setTracingDisabled, codeInterpreterTool } =
    await import('@openai/agents');
  setDefaultOpenAIClient(client);
  setOpenAIAPI('responses');
  setTracingDisabled(true);
  const agent = (model) => new Agent({
    name: 'sandbench-code-interpreter', instructions: 'Use the code interpreter, then answer.', model,
    tools: [codeInterpreterTool({ includeOutputs: true })],
  });
  const assertAgentResult = (result) => {
    assertAnswer(result.finalOutput, 'finalOutput');
    const calls = result.newItems.filter((i) => i.type === 'tool_call_item' && i.rawItem.type === 'hosted_tool_call');
    assert.equal(calls.length, 1, `one hosted tool call in ${JSON.stringify(result.newItems.map((i) => `${i.type}:${i.rawItem?.type}`))}`);
    const raw = calls[0].rawItem;
    assert.equal(raw.name, 'code_interpreter_call', 'hosted_tool_call.name');
    assert.equal(raw.status, 'completed', 'hosted_tool_call.status');
    assert.equal(raw.providerData?.code, WRITE, 'providerData.code');
    assert.ok(typeof raw.providerData?.container_id === 'string', 'providerData.container_id');
    assert.deepEqual(raw.providerData?.outputs, [{ type: 'logs', logs: 'contract-ok\n22\n' }], 'providerData.outputs');
  };
  cases.push(
    {
      name: 'agents-run',
      steps: [pythonStep(WRITE), answer(), pythonStep(READ), answer()],
      run: async (model) => {
        const first = await run(agent(model), 'Write the note');
        assertAgentResult(first);
        // The next turn replays the history, code_interpreter_call included: its container_id brings the
        // code back to the same container, where the note is.
        const replayed = first.history.filter((i) => i.type === 'hosted_tool_call');
        assert.equal(replayed.length, 1, 'the history holds the hosted call');
        const second = await run(agent(model), [...first.history, { role: 'user', content: 'Read it back' }]);
        assert.ok(second.finalOutput.includes('from-code-interpreter'), `the second turn read the note: ${second.finalOutput}`);
      },
    },
    {
      name: 'agents-run-stream',
      steps: [pythonStep(WRITE), answer(3)],
      run: async (model) => {
        const result = await run(agent(model), 'Write the note', { stream: true });
        const kinds = [];
        for await (const event of result) kinds.push(event.type === 'run_item_stream_event' ? event.name : event.type);
        await result.completed;
        assert.equal(result.error ?? null, null, `the streamed run failed: ${result.error}`);
        assert.ok(kinds.includes('tool_called'), `stream events: ${[...new Set(kinds)]}`);
        assertAgentResult(result);
      },
    },
  );
}

await runCases(cases);
