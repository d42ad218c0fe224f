/**
 * The task center's functions on the secure gateway (spec section 7, "Task-center calls"), declared
 * once: the function's URL (the Function header names it too), the decrypted request and the
 * decrypted reply, with zod. The task-center client (core/node/task-center/client.ts), the sandbox's
 * secure gateway, `mcoin gateway`, replay's drift and the registry (registry.ts) all read these.
 * The replies keep fields the task center adds (passthrough): they are the gateway's to extend.
 */
import { z } from "zod";

export const TASK_DETAIL_URL = "/bservice/discount/gateway/getTaskDetail";
export const TASK_NOTIFY_URL = "/bservice/discount/gateway/scanTypeTaskNotify";
export const SYSTEM_NAME = "taskCenter";
export const DATA_SOURCE = "H5";
/** The subCode of a task the member can do. */
export const TASK_OK_SUBCODE = "0000";

/** A secure gateway function: its URL and its decrypted request and reply. */
export interface SecureFunction<Req extends z.ZodType = z.ZodType, Reply extends z.ZodType = z.ZodType> {
  readonly name: string;
  /** The path of the call, which the Function header repeats. */
  readonly url: string;
  readonly request: Req;
  readonly reply: Reply;
  /** The call only reads (core/api/define.ts `Endpoint.read`): the mall asks it once more after a connection that failed before any reply. */
  readonly read: boolean;
}

export function defineFunction<Req extends z.ZodType, Reply extends z.ZodType>(declared: SecureFunction<Req, Reply>): SecureFunction<Req, Reply> {
  return declared;
}

/** The envelope's result: code "000000" is success (spec section 7); subCode says more. */
export const GatewayResultSchema = z.looseObject({ code: z.string().optional(), subCode: z.string().optional(), message: z.string().optional() });

/** What identifies a task run. Bounded: the task center keeps each new pair (as a run) until it expires. */
export const TaskRefSchema = z.object({
  system_name: z.literal(SYSTEM_NAME),
  data_source: z.literal(DATA_SOURCE),
  task_no: z.string().min(1).max(64),
  cust_id_ciphertext: z.string().min(1).max(512),
});

/** The completion notice: the task, when (yyyyMMddHHmmss) and the check value (the seconds browsed). */
export const TaskNotifySchema = TaskRefSchema.extend({
  tran_time: z.string().regex(/^\d{14}$/),
  check_value: z.union([z.number(), z.string()]),
});

const NumberLike = z.union([z.number(), z.string()]);

export const TaskDetailDataSchema = z.looseObject({
  task_no: z.string().optional(),
  task_type: NumberLike.optional(),
  threshold_type: NumberLike.optional(),
  user_exec_status: NumberLike.optional(),
  /** Seconds to browse; also the check value of the completion notice. */
  threshold_value: NumberLike.optional(),
});
export type TaskDetailData = z.infer<typeof TaskDetailDataSchema>;

export const TaskDetailReplySchema = z.looseObject({ result: GatewayResultSchema.optional(), data: TaskDetailDataSchema.optional() });
export type TaskDetailReply = z.infer<typeof TaskDetailReplySchema>;

export const TaskNotifyReplySchema = z.looseObject({
  result: GatewayResultSchema.optional(),
  data: z.looseObject({ task_no: z.string().optional(), status: z.string().optional() }).optional(),
});
export type TaskNotifyReply = z.infer<typeof TaskNotifyReplySchema>;

export type TaskCheckReason = "ok" | "subCode" | "taskType" | "thresholdType" | "userExecStatus" | "noThreshold";

export interface TaskCheck {
  /** Shown only when all four checks pass. */
  show: boolean;
  reason: TaskCheckReason;
  /** Seconds to count down from. */
  thresholdValue: number | null;
}

/** The four checks (spec section 4): subCode 0000, task_type 0, threshold_type 0, user_exec_status 0. */
export function checkTaskDetail(reply: TaskDetailReply): TaskCheck {
  const data = reply.data ?? {};
  const threshold = Number(data.threshold_value);
  const thresholdValue = Number.isFinite(threshold) && threshold >= 0 ? Math.floor(threshold) : null;
  const fail = (reason: TaskCheckReason): TaskCheck => ({ show: false, reason, thresholdValue });
  if (reply.result?.subCode !== TASK_OK_SUBCODE) return fail("subCode");
  if (Number(data.task_type) !== 0 || data.task_type === undefined) return fail("taskType");
  if (Number(data.threshold_type) !== 0 || data.threshold_type === undefined) return fail("thresholdType");
  if (Number(data.user_exec_status) !== 0 || data.user_exec_status === undefined) return fail("userExecStatus");
  if (thresholdValue === null) return fail("noThreshold");
  return { show: true, reason: "ok", thresholdValue };
}

// Reading a task's detail (re)starts its run's count at the moment it is read: asked again a moment later
// it restarts a moment later, as the member's own reload does; nothing is granted or spent.
export const getTaskDetail = defineFunction({ name: "getTaskDetail", url: TASK_DETAIL_URL, request: TaskRefSchema, reply: TaskDetailReplySchema, read: true });
export const scanTypeTaskNotify = defineFunction({ name: "scanTypeTaskNotify", url: TASK_NOTIFY_URL, request: TaskNotifySchema, reply: TaskNotifyReplySchema, read: false });

export const TASK_CENTER_FUNCTIONS = { getTaskDetail, scanTypeTaskNotify } as const;
