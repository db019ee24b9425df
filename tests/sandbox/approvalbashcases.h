// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Tricky shell calls for the approval splitter, checked against bash itself (test_approvalbash) and seeding
// its fuzzer (tests/fuzz/corpus/shellsplitter, written from this table). accounted: whether the splitter
// must account for the whole call (false: it must answer `ask`). Every call is harmless in a scratch
// directory; `touch f` is what the rules deny.
struct ApprovalBashCase
{
    const char *name;
    const char *call;
    bool accounted;
};

inline constexpr ApprovalBashCase kApprovalBashCases[] = {
    // Issue 28: each of these was allowed and ran touch.
    {"issue-ansi-c-escaped-quote", "echo $'\\''; touch f", true},
    {"issue-comment-apostrophe", "echo ok # it's\ntouch f", true},
    {"issue-comment-double-quote", "echo ok # say \"hi\ntouch f", true},
    {"issue-heredoc-quote", "cat <<EOF\necho it's\nEOF\ntouch f", true},
    {"issue-heredoc-double-quote", "cat <<EOF\necho say \"hi\nEOF\ntouch f", true},
    {"heredoc-quote-plain-body", "cat <<EOF\nit's\nEOF\ntouch f", true},
    // Here-documents.
    {"heredoc-quoted-delimiter", "cat <<\"EOF\"\nsay \"hi\nEOF\ntouch f", true},
    {"heredoc-dash-tabs", "cat <<-EOF\n\tit's\n\tEOF\ntouch f", true},
    {"heredoc-two-on-one-line", "cat <<A; cat <<'B'\na'\nA\nb\"\nB\ntouch f", true},
    {"heredoc-body-substitution", "cat <<EOF\n$(touch f)\nEOF", true},
    {"heredoc-quoted-body-is-text", "cat <<'EOF'\n$(touch f)\nEOF\necho done", true},
    {"heredoc-continuation-joins-delimiter", "cat <<EOF\nfoo\\\nEOF\ntouch f\nEOF\necho end", true},
    {"heredoc-escaped-backslash", "cat <<EOF\nfoo\\\\\nEOF\ntouch f", true},
    {"heredoc-rest-of-line", "cat <<EOF; touch f\nbody\nEOF", true},
    {"heredoc-inside-substitution", "echo $(cat <<EOF\nx)\nEOF\n); touch f", true},
    {"heredoc-unterminated", "cat <<EOF\ntouch f", false},
    {"heredoc-in-backticks", "echo `cat <<EOF`\ntouch f\nEOF", false},
    {"here-string", "cat <<< \"$(touch f)\"", true},
    // Quotes, escapes, comments, continuations.
    {"continuation-in-name", "to\\\nuch f", true},
    {"continuation-before-hash", "echo a\\\n#b; touch f", true},
    {"double-quote-escapes", "echo \"a \\\" $(touch f) \\$(id)\"", true},
    {"dollar-quote-in-double-quotes", "echo \"$'\"; touch f", true},
    {"locale-quote", "echo $\"it's\"; touch f", true},
    {"single-quote-newline", "echo 'a\\\nb'; touch f", true},
    {"hash-inside-word", "echo a#b; echo #c; touch f", true},
    {"unbalanced-double-quote", "echo \"abc; touch f", false},
    {"unbalanced-single-quote", "echo 'abc; touch f", false},
    // Substitutions and arithmetic.
    {"backticks", "echo `touch f`", true},
    {"nested-backticks", "echo `echo \\`touch f\\``", true},
    {"substitution-with-case", "echo $(case a in a) touch f;; esac)", true},
    {"substitution-comment", "echo $(echo a # it's )\n); touch f", true},
    {"process-substitution", "cat <(touch f) >(cat)", true},
    {"subshell-in-substitution", "echo $( (touch f) ) $((1+2))", true},
    {"deep-substitution", "echo $(echo $(echo $(touch f)))", true},
    {"parameter-default-substitution", "echo ${x:-$(touch f)} ${#x} \"${y//a/b}\"", true},
    {"arithmetic-on-variable", "x='a[$(touch f)]'; echo $((x))", false},
    {"cond-arithmetic-on-variable", "x='a[$(touch f)]'; [[ $x -eq 1 ]]", false},
    {"test-builtin-is-not-arithmetic", "x='a[$(touch f)]'; [ \"$x\" -eq 1 ]", true},
    {"indirect-expansion", "x='a[$(touch f)]'; echo ${!x}", false},
    {"prompt-expansion", "x='$(touch f)'; echo ${x@P}", false},
    {"printf-v-index", "printf -v 'a[$(touch f)]' x", false},
    {"cond-v-index", "[[ -v 'a[$(touch f)]' ]]", false},
    {"declare-array-value", "v='([0]=$(touch f))'; declare -a x=\"$v\"", false},
    {"let-index", "let 'x=a[$(touch f)]'", false},
    // Assignments, wrappers, redirections.
    {"assignment-prefix", "FOO=1 touch f", true},
    {"array-assignment", "a=(x $(touch f) [2]=y); echo ${a[@]}", true},
    {"env-nice-wrappers", "env -i FOO=1 nice -n 5 touch f", true},
    {"exec-in-subshell", "(exec touch f)", true},
    {"command-and-builtin", "command touch f; builtin echo x", true},
    {"timeout-nohup", "timeout 5 nohup touch f >/dev/null 2>&1", true},
    {"redirections", "echo a 2>&1 >/dev/null &>/dev/null 3<>/dev/null; touch f >|/dev/null", true},
    {"named-descriptor", "exec {fd}>/dev/null; touch f", true},
    {"pipe-both-and-background", "echo a |& cat; touch f & wait", true},
    {"path-assignment", "PATH=/usr/bin:$PATH touch f", false},
    {"read-into-path", "read PATH <<< /tmp", false},
    {"loop-variable-path", "for PATH in /tmp; do touch f; done", false},
    // Keywords and compound commands.
    {"subshell-and-group", "( echo a; { touch f; } )", true},
    {"if-elif-else", "if true; then echo; elif false; then :; else touch f; fi", true},
    {"loops", "for i in 1 2; do echo $i; done; while false; do :; done; until true; do :; done; touch f",
     true},
    {"arithmetic-for", "for ((i=0; i<2; i++)); do touch f; done", false},
    {"select", "select x in a; do touch f; break; done <<< 1", true},
    {"function-definition", "f() { touch f; }; f", true},
    {"function-keyword", "function g { echo; }; g; touch f", true},
    {"time-and-negation", "time -p ! touch f", true},
    {"coproc", "coproc touch f; wait", true},
    {"case-fallthrough", "case a in a) echo;& b) touch f;;& *) echo;; esac", true},
    {"cond-regex", "[[ ab =~ ^(a|b)b$ ]] && touch f", true},
    {"and-or", "true && echo a || touch f; false || touch f", true},
    // Name tricks: normalised where the name is a literal, asked where it is not.
    {"escaped-name", "\\t\\o\\u\\c\\h f", true},
    {"quoted-name", "'tou'\"ch\" f", true},
    {"ansi-c-name", "$'\\x74ouch' f", true},
    {"path-name", "/usr/bin/touch f", true},
    {"variable-name", "CMD=touch; $CMD f", false},
    {"parameter-in-name", "x=tou; ${x}ch f", false},
    {"brace-expansion-name", "{touch,f}", false},
    {"glob-name", "/usr/bin/tou?h f", false},
    // Programs that run text or other commands.
    {"eval", "eval 'touch f'", false},
    {"source", "echo 'touch f' > s; . ./s", false},
    {"bash-c", "bash -c 'touch f'", false},
    {"sh-stdin", "echo 'touch f' | sh", false},
    {"xargs", "echo f | xargs touch", false},
    {"find-exec", "find . -maxdepth 0 -exec touch f ';'", false},
    {"alias", "shopt -s expand_aliases\nalias e=touch\ne f", false},
    {"trap", "trap 'touch f' EXIT", false},
    {"extglob", "shopt -s extglob\necho @(a|b); touch f", false},
};
