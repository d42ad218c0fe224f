/**
 * Before `mcoin replay` sends anything to a sandbox: the members its recordings act as that the
 * sandbox does not know are created there as the recordings show them at their start
 * (harness/replay/personas.ts, the putMember control), after --reset when it is given, so a recording
 * of a member the sandbox never knew replays with no manual step (docs/decisions/032-replay-creates-its-personas.md). Only a sandbox
 * is written to; a member it knows is left as it is.
 */
import * as controls from "#core/controls/declarations";
import type { RecordingFile } from "#harness/recording";
import { describePersona, personasOf, type Persona } from "#harness/replay";
import type { CliIo } from "./io";
import { control, type ControlTarget } from "./sandbox-control";

/** The personas created, and what the run says about them (or why none could be). */
export async function createPersonas(io: CliIo, target: ControlTarget, recordings: readonly RecordingFile[], login?: string): Promise<{ created: Persona[]; lines: string[] }> {
  const personas = personasOf(recordings, login);
  if (personas.length === 0) return { created: [], lines: [] };
  const created: Persona[] = [];
  try {
    const known = new Set((await control(io, target, controls.members)).members.map((member) => member.openId));
    for (const persona of personas.filter((each) => !known.has(each.openId))) {
      await control(io, target, controls.putMember, { params: { openId: persona.openId }, input: persona.state });
      created.push(persona);
    }
  } catch (error) {
    return { created, lines: [`warning: could not create the recordings' members on the sandbox (${(error as Error).message}): a recording acting as one it does not know is skipped`] };
  }
  return {
    created,
    lines: created.flatMap((persona) => [`created on the sandbox, as the recordings show them at their start: ${describePersona(persona)}`, ...persona.notes.map((note) => `  note: ${note}`)]),
  };
}
