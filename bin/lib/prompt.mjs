// A hidden-input prompt for passwords: raw mode, so typed characters are never echoed.

/**
 * Asks a question on a TTY and reads a line without echoing it.
 *
 * @example
 * const password = await promptHidden("Password: ");
 */
export function promptHidden(question, { input = process.stdin, output = process.stderr } = {}) {
  if (!input.isTTY) return Promise.reject(new Error("cannot prompt for a password: stdin is not a terminal"));
  return new Promise((resolvePromise, reject) => {
    let answer = "";
    output.write(question);
    input.setRawMode(true);
    input.resume();
    input.setEncoding("utf8");
    const finish = (error) => {
      input.setRawMode(false);
      input.pause();
      input.removeListener("data", onData);
      output.write("\n");
      if (error) reject(error);
      else resolvePromise(answer);
    };
    const onData = (chunk) => {
      for (const char of chunk) {
        if (char === "\r" || char === "\n" || char === "\u0004") return finish();
        if (char === "\u0003") return finish(new Error("cancelled"));
        if (char === "\u007f" || char === "\b") answer = answer.slice(0, -1);
        else if (char >= " ") answer += char;
      }
    };
    input.on("data", onData);
  });
}
