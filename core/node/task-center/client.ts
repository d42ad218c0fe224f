/**
 * The task-center client (spec section 7, "Task-center calls"): task detail and the completion
 * notice, through the secure gateway; the functions are declared in core/api/task-center.ts. The
 * task center knows the member by an opaque ciphertext: the taskCenterToken of the task link, sent
 * as cust_id_ciphertext (and as the Token header).
 */
import { DATA_SOURCE, SYSTEM_NAME, TASK_DETAIL_URL, TASK_NOTIFY_URL, type TaskDetailReply, type TaskNotifyReply } from "../../api/task-center";
import type { GatewayClient } from "../gateway/client";
import { formatTranTime } from "../gateway/primitives";

export interface TaskRef {
  /** taskCenterNo of the task link. */
  taskNo: string;
  /** taskCenterToken of the task link. */
  custIdCiphertext: string;
}

export interface TaskCenterClient {
  getTaskDetail(task: TaskRef): Promise<TaskDetailReply>;
  notify(task: TaskRef & { checkValue: number }): Promise<TaskNotifyReply>;
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
      gateway.call<TaskNotifyReply>(
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
