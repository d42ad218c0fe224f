// A partner's code on @mcoin/harness/gateway: endpoints and secure functions by name, their replies
// typed (lib/typecheck.integration.test.ts compiles this under `strict`; nothing here runs).
import {
  ENDPOINTS,
  ENDPOINT_GROUPS,
  FUNCTIONS,
  createApiClient,
  createFetchTransport,
  createGatewayClient,
  gatewaySettings,
  readSandboxGatewayKeys,
  type ApiClient,
  type GatewayClient,
} from "@mcoin/harness/gateway";

/** True only when T is `unknown` (or `any`): a reply typed so is what this project refuses. */
type IsUnknown<T> = unknown extends T ? true : false;

export async function signIn(baseUrl: string): Promise<string> {
  const api: ApiClient = createApiClient({ baseUrl, transport: createFetchTransport(), locale: "en" });
  const login = await api.call(ENDPOINTS.memberLogin, { openId: "mpay-1001" });
  const token: string = login.data.token;
  const status: number = login.data.status;
  // @ts-expect-error the login's reply has no such field
  void login.data.nickname;
  // @ts-expect-error the login asks for an openId
  void api.call(ENDPOINTS.memberLogin, { memberId: "mpay-1001" });
  const typed: IsUnknown<typeof login.data> = false;
  void [status, typed];
  return token;
}

export async function sessionReplies(api: ApiClient): Promise<[number, number, number]> {
  const profile = await api.call(ENDPOINTS.basicInformation);
  const addresses = await api.call(ENDPOINTS.userAddressList);
  const time = await api.call(ENDPOINTS.systemTime);
  const typed: [IsUnknown<typeof profile.data>, IsUnknown<typeof addresses.data>, IsUnknown<typeof time.data>] = [false, false, false];
  void typed;
  return [profile.data.point, addresses.data.snatchList.length, time.data.sysTime];
}

export async function taskDetail(sandboxUrl: string, keysDir: string): Promise<string | undefined> {
  const settings = gatewaySettings({ environment: "sandbox", vars: {}, sandboxUrl, sandboxKeys: () => readSandboxGatewayKeys(keysDir) });
  const gateway: GatewayClient = createGatewayClient(settings, { transport: createFetchTransport() });
  const reply = await gateway.callFunction(FUNCTIONS.getTaskDetail, { system_name: "taskCenter", data_source: "H5", task_no: "T1", cust_id_ciphertext: "c" });
  const typed: IsUnknown<typeof reply> = false;
  void typed;
  // @ts-expect-error the task detail asks for a task_no
  void gateway.callFunction(FUNCTIONS.getTaskDetail, { system_name: "taskCenter", data_source: "H5", cust_id_ciphertext: "c" });
  return reply.result?.subCode;
}

export async function byArea(api: ApiClient): Promise<string> {
  const login = await api.call(ENDPOINT_GROUPS.session.memberLogin, { openId: "mpay-1001" });
  const typed: IsUnknown<typeof login.data> = false;
  void typed;
  return login.data.token;
}
