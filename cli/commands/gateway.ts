/**
 * `mcoin gateway`: the secure gateway from the terminal, with the app's own envelope code
 * (cli/commands/gateway/):
 *   encrypt  seal a body: headers, encrypted body, and the key and IV used
 *   sign     the signature of an encrypted body
 *   verify   check a captured request's signature
 *   decrypt  open a body (--key/--iv) or a captured request and reply (--private-key)
 *   call     a real call, reply decrypted
 */
import { Command } from "commander";
import type { CliIo } from "../io";
import { callCommand } from "./gateway/call";
import { decryptCommand } from "./gateway/decrypt";
import { encryptCommand } from "./gateway/encrypt";
import { signCommand } from "./gateway/sign";
import { verifyCommand } from "./gateway/verify";

export function gatewayCommand(io: CliIo): Command {
  return new Command("gateway")
    .description("seal, sign, verify, open and call the secure gateway (task center)")
    .addCommand(encryptCommand(io))
    .addCommand(signCommand(io))
    .addCommand(verifyCommand(io))
    .addCommand(decryptCommand(io))
    .addCommand(callCommand(io))
    .addHelpText(
      "after",
      `
Example:
  $ npx mcoin gateway call getTaskDetail --data '{"task_no":"T1","cust_id_ciphertext":"C1"}' --env sandbox`,
    );
}
