/**
 * The task-center client (spec section 7, "Task-center calls"): task detail and the completion
 * notice, through the secure gateway. The task center knows the member by an opaque ciphertext:
 * the taskCenterToken of the task link, sent as cust_id_ciphertext (and as the Token header).
 */
import type { GatewayClient } from "../gateway/client";
import type { GatewayResult } from "../gateway/envelope";
import { formatTranTime } from "../gateway/primitives";

export const TASK_DETAIL_URL = "/bservice/discount/gateway/getTaskDetail";
export const TASK_NOTIFY_URL = "/bservice/discount/gateway/scanTypeTaskNotify";
export const SYSTEM_NAME = "taskCenter";
export const DATA_SOURCE = "H5";
/** The subCode of a task the member can do. */
export const TASK_OK_SUBCODE = "0000";

export interface TaskDetailData {
  task_no?: string;
  task_type?: number | string;
  threshold_type?: number | string;
  user_exec_status?: number | string;
  /** Seconds to browse; also the check value of the completion notice. */
  threshold_value?: number | string;
}

export interface TaskDetailReply {
  result?: GatewayResult;
  data?: TaskDetailData;
}

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

export interface TaskRef {
  /** taskCenterNo of the task link. */
  taskNo: string;
  /** taskCenterToken of the task link. */
  custIdCiphertext: string;
}

export interface TaskCenterClient {
  getTaskDetail(task: TaskRef): Promise<TaskDetailReply>;
  notify(task: TaskRef & { checkValue: number }): Promise<unknown>;
}

export function createTaskCenterClient(gateway: GatewayClient, now: () => number = Date.now): TaskCenterClient {
  return {
    getTaskDetail: (task) =>
      gateway.call<TaskDetailReply>(
        TASK_DETAIL_URL,
        { system_name: SYSTEM_NAME, data_source: DATA_SOURCE, task_no: task.taskNo, cust_id_ciphertext: task.custIdCiphertext },
        { token: task.custIdCiphertext },
      ),
    notify: (task) =>
      gateway.call(
        TASK_NOTIFY_URL,
        {
          system_name: SYSTEM_NAME,
          data_source: DATA_SOURCE,
          tran_time: formatTranTime(now()),
          task_no: task.taskNo,
          cust_id_ciphertext: task.custIdCiphertext,
          check_value: task.checkValue,
        },
        { token: task.custIdCiphertext },
      ),
  };
}
