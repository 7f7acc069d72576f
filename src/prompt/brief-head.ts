/**
 * The opening every brief starts with, word for word whatever the task: what the child shares with
 * its caller (nothing but this message), how its authority is checked, and how it finishes.
 *
 * Why it is one constant at the start: the child's cache policy gives it a breakpoint of its own
 * (run/cache-policy.ts `markHead`), so siblings read it from one cache entry with the prefix, and
 * with it whatever the provider counts between the system prompt and the first message (Anthropic's
 * tool-use instructions: a change of `tool_choice` invalidates them with the messages, not with the
 * tools). Without that breakpoint every child writes both again with its own brief. Everything that
 * differs between tasks comes after it.
 */
export const BRIEF_HEAD =
	"Another agent sent you this one task. You share no history with it: this message is all you are given.\n" +
	"The roots under Authority are compared before and after your run: a change the authority does not allow " +
	"fails the task, even one a command made (build output, caches, lock files, bytecode such as __pycache__).\n" +
	"Finish with one `submit_result` call.\n\n";
