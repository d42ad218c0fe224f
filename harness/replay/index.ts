/**
 * harness/replay: recordings sent again and their replies compared (`mcoin replay`, the inspector's
 * "send again"), by value or by shape (--drift), paced where a call depends on elapsed time, with
 * the lines a run prints. The CLI and the other harness folders import it from here only.
 */
export { compareReplies, describeDifference, formatPath, showValue, typeName, withoutIgnored, type Difference, type DifferenceKind } from "./compare";
export { credentialsFor, mintLoginCode, signsInByCode, type Credentials } from "./credentials";
export { compareShapes, declaredShape, describeDrift, driftFromDeclared, driftFromRecorded, mergeShapes, shapeOf, type Drift, type Field, type Reference, type Shape, type TypeName } from "./drift";
export { driftReports, endpointLines, type DriftLine, type EndpointReport } from "./drift-report";
export { describeGroup, describeRepeated, generalPath, groupDifferences, repeatedAcrossRecordings, type DifferenceGroup, type RepeatedDifference } from "./groups";
export { KeyRing, withIdempotencyKey } from "./keys";
export { isEpochMs, volatileMatch, withoutTimes, type VolatileContext } from "./normalise";
export { describePersona, personasOf, type Persona, type PersonaState } from "./personas";
export { PACES, Pacer, dependsOnElapsedTime, type Pace, type PaceClock, type Wait } from "./pace";
export { ageWarnings, outcomeLines, plural, replayExitCode, skipNotice } from "./report";
export { defaultRun, replayOne, type Outcome, type ReplayRun } from "./replayer";
export type { ReplayTarget } from "./target";
