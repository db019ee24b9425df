// The shared frame of the SDK contract scripts (run by tests/contracts/test_sdkcontracts).
//
// Environment: SANDBENCH_BASE_URL (http://127.0.0.1:PORT/api/v1), SANDBENCH_API_KEY, SANDBENCH_MODEL
// ("provider/model": the provider picks the upstream wire format) and SANDBENCH_UPSTREAM (that format:
// responses, messages or chat; a case may run only for some). Each case sends its own model,
// SANDBENCH_MODEL + "-" + case name, so the scripted upstream answers every case from its own script and a
// failing case cannot shift the steps of the next one.
//
// `node SCRIPT --plan` prints what the scripted upstream must answer, as FakeUpstream::loadScript JSON
// ({"models": {"<upstream model>-<case>": [steps]}}); `node SCRIPT` runs the cases and prints "OK <case>" or
// "FAIL <case>: <why>" per case, exiting 1 when any failed.
import assert from 'node:assert/strict';

export const baseURL = process.env.SANDBENCH_BASE_URL;
export const apiKey = process.env.SANDBENCH_API_KEY;
const model = process.env.SANDBENCH_MODEL;
// The wire format of the provider in SANDBENCH_MODEL: responses, messages or chat.
export const upstream = process.env.SANDBENCH_UPSTREAM;

// What every shell case asks the scripted model to run, and what each command must print.
export const COMMANDS = ['echo contract-ok', 'uname -s'];
export const STDOUT = ['contract-ok\n', 'Linux\n'];
export const EXIT_0 = { type: 'exit', exit_code: 0 };

// Upstream steps: one shell call (function "shell", or "bash" for openrouter:bash), then the answer, which
// quotes the tool result the model was given so the final text proves the result went back to the model.
export const shellSteps = (chunks = 1) => [
  { tool_calls: [{ name: 'shell', arguments: { commands: COMMANDS } }] },
  { text: 'saw {{last_tool_result}}', chunks },
];
// Two calls in one persistent bash session: the second sees the first one's directory and variable.
export const BASH_COMMANDS = ['cd /tmp && export MARK=contract-ok', 'pwd; echo $MARK'];
export const BASH_STDOUT = ['', '/tmp\ncontract-ok\n'];
export const bashSteps = (chunks = 1) => [
  ...BASH_COMMANDS.map((command) => ({ tool_calls: [{ name: 'bash', arguments: { command } }] })),
  { text: 'saw {{last_tool_result}}', chunks },
];

// Asserts that a final text is the scripted answer quoting the first command's output.
export function assertAnswer(text, what = 'final text') {
  assert.equal(typeof text, 'string', `${what} is a string`);
  assert.ok(text.startsWith('saw ') && text.includes('contract-ok'), `${what}: ${JSON.stringify(text)}`);
}

// Fails with every problem at once, so one run lists all the fields an SDK's typings miss.
export function assertNoProblems(problems, what) {
  assert.ok(problems.length === 0, `${what} does not follow the SDK typings:\n    ${problems.join('\n    ')}`);
}

// The leaf issues of zod issues as 'path: message'. Of a union, only the branch whose `type` matched (else
// the branch with the fewest issues), so the message names the field that broke, not every alternative.
export function zodIssues(issues, prefix = []) {
  const out = [];
  for (const issue of issues ?? []) {
    const path = [...prefix, ...(issue.path ?? [])];
    if (issue.code === 'invalid_union' && issue.errors?.length) {
      const typed = issue.errors.filter((b) => !b.some((i) => i.path?.length === 1 && i.path[0] === 'type'));
      const best = (typed.length ? typed : issue.errors).reduce((a, b) => (b.length < a.length ? b : a));
      out.push(...zodIssues(best, path));
    } else {
      out.push(`${path.join('.') || '(root)'}: ${issue.message}`);
    }
  }
  return out;
}

// The zod issues somewhere in an error's cause chain, flattened; [] when there are none.
export function causeIssues(error) {
  for (let e = error, depth = 0; e && depth < 5; e = e.cause, ++depth)
    if (Array.isArray(e.issues)) return zodIssues(e.issues);
  return [];
}

export function describe(error) {
  if (error instanceof assert.AssertionError) return error.message;
  const name = error?.constructor?.name ?? 'Error';
  const issues = causeIssues(error);
  if (issues.length) {
    // The message of a validation error repeats the whole value; the issues say what is wrong with it.
    const first = String(error?.message ?? '').split('\n')[0].slice(0, 160);
    return `${name}: ${first}\n    ${issues.slice(0, 20).join('\n    ')}`;
  }
  let text = `${name}: ${error?.message ?? String(error)}`;
  if (error?.status !== undefined) text += ` [status ${error.status}]`;
  const frame = error?.stack?.split('\n').find((l) => l.includes('node_modules'));
  if (frame) text += `\n    thrown ${frame.trim()}`;
  // @openrouter/sdk's ResponseValidationError and zod errors say which field failed only in their details.
  const details = typeof error?.pretty === 'function' ? error.pretty() : error?.cause?.message ?? (error?.cause ? String(error.cause) : '');
  if (details && details !== error?.message) text += `\n    ${details.split('\n').slice(0, 40).join('\n    ')}`;
  return text;
}

// cases: [{ name, steps?: [...], upstreams?: ['chat', ...], run: async (model) => void }]; a case with
// `upstreams` runs only when SANDBENCH_UPSTREAM is one of them.
export async function runCases(allCases) {
  const cases = allCases.filter((c) => !c.upstreams || c.upstreams.includes(upstream));
  const upstreamModel = model.slice(model.indexOf('/') + 1);
  if (process.argv.includes('--plan')) {
    const models = {};
    for (const c of cases) if (c.steps) models[`${upstreamModel}-${c.name}`] = c.steps;
    console.log(JSON.stringify({ models }));
    return;
  }
  let failed = 0;
  for (const c of cases) {
    try {
      await c.run(`${model}-${c.name}`);
      console.log(`OK ${c.name}`);
    } catch (error) {
      ++failed;
      console.log(`FAIL ${c.name}: ${describe(error)}`);
    }
  }
  process.exitCode = failed ? 1 : 0;
}
