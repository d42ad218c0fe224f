/**
 * The address book (issue "account", point 2), tried as a new member would in both languages: three
 * addresses (+853, +852, +86), each with a wrong number first and its region chosen on /map in a
 * different way (Macau's list, the search, the mainland list); the second made default; one deleted;
 * the eleventh refused. Then forged requests: another member's ids, a 2,000-character name, a missing
 * field, markup in every field: a clear message, no change, no 5xx, markup shown as text.
 */
import type { Page } from "@playwright/test";
import { walletUserAgent } from "./env";
import { MEMBERS, expect, hydrated, test } from "./fixtures";
import { tapGuardOpen } from "./waits";

const TEXT = {
  en: {
    add: "Add new address",
    name: "Contact name",
    mobile: "Mobile number",
    areaCode: "Area code",
    detail: "Detailed address",
    save: "Save",
    wrongNumber: "Please enter the correct phone number",
    rule: { "+853": "8 digits and starts with 6", "+852": "8 digits and starts with 4 to 9", "+86": "11 digits and starts with 1" },
    limit: "Max addresses reached. Remove to add new.",
    count: (count: number) => `${count} of 10`,
    empty: "No shipping address yet",
    makeDefault: (name: string) => `Make ${name}'s address the default`,
    deleteOne: (name: string) => `Delete ${name}'s address`,
    deleteTitle: "Delete this address?",
    confirmDelete: "Delete",
    deleted: "Address deleted",
    hongKong: "Hong Kong",
    mainland: "Mainland China",
    search: "Search district, city or province",
    taipa: "Macau, Taipa",
    wanChai: "Hong Kong, Wan Chai",
    shenzhen: "Guangdong, Shenzhen",
    searchFor: "wan chai",
    city: "Shenzhen",
    notFound: "This address could not be found.",
    nameTooLong: "The contact name can be at most 40 characters",
    detailRequired: "Please enter the detailed address",
    chooseRegion: "Please choose a region",
  },
  zh: {
    add: "新增收貨地址",
    name: "聯絡人",
    mobile: "手機號碼",
    areaCode: "區號",
    detail: "詳細地址",
    save: "儲存",
    wrongNumber: "請輸入正確的電話號碼",
    rule: { "+853": "8 位數字，以 6 開頭", "+852": "8 位數字，以 4 至 9 開頭", "+86": "11 位數字，以 1 開頭" },
    limit: "地址數量已達上限，請刪除後再新增。",
    count: (count: number) => `${count}／10`,
    empty: "尚未有收貨地址",
    makeDefault: (name: string) => `將${name}的地址設為預設`,
    deleteOne: (name: string) => `刪除${name}的地址`,
    deleteTitle: "刪除此地址？",
    confirmDelete: "刪除",
    deleted: "地址已刪除",
    hongKong: "香港",
    mainland: "中國內地",
    search: "搜尋區、城市或省份",
    taipa: "澳門 氹仔",
    wanChai: "香港 灣仔區",
    shenzhen: "廣東省 深圳",
    searchFor: "灣仔",
    city: "深圳",
    notFound: "找不到此地址。",
    nameTooLong: "聯絡人最多 40 個字",
    detailRequired: "請輸入詳細地址",
    chooseRegion: "請選擇地區",
  },
} as const;

type Text = (typeof TEXT)[keyof typeof TEXT];

/** Fills the address form (already open), with `wrong` as the number first: it must be refused with the fields kept. */
async function addAddress(
  page: Page,
  text: Text,
  input: { name: string; code: "+853" | "+852" | "+86"; wrong: string; right: string; detail: string; region: (page: Page) => Promise<void>; area: string },
) {
  await page.getByRole("link", { name: text.add }).click();
  await expect(page).toHaveURL(/\/editAddress$/);
  await hydrated(page);
  await page.getByLabel(text.name).fill(input.name);
  await page.getByRole("combobox", { name: text.areaCode }).selectOption(input.code);
  await page.getByLabel(text.mobile).fill(input.wrong);
  await page.getByLabel(text.detail).fill(input.detail);
  // The region is chosen on /map; what was typed is still there when the form comes back.
  await page.getByTestId("address-region").click();
  await expect(page).toHaveURL(/\/map\?/);
  await hydrated(page);
  await input.region(page);
  await expect(page).toHaveURL(/\/editAddress$/);
  await expect(page.getByTestId("address-region")).toContainText(input.area);
  await expect(page.getByLabel(text.name)).toHaveValue(input.name);
  await expect(page.getByLabel(text.mobile)).toHaveValue(input.wrong);

  await page.getByRole("button", { name: text.save }).click();
  const mobile = page.getByLabel(text.mobile);
  await expect(mobile).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText(text.wrongNumber)).toBeVisible();
  // The message says the rule of the code chosen.
  await expect(page.getByText(text.wrongNumber)).toContainText(text.rule[input.code]);
  // Nothing lost: every field as typed.
  await expect(page.getByLabel(text.name)).toHaveValue(input.name);
  await expect(page.getByLabel(text.detail)).toHaveValue(input.detail);
  await expect(page.getByRole("combobox", { name: text.areaCode })).toHaveValue(input.code);
  await expect(page.getByTestId("address-region")).toContainText(input.area);

  await mobile.fill(input.right);
  await tapGuardOpen(page.getByRole("button", { name: text.save }));
  await page.getByRole("button", { name: text.save }).click();
  await expect(page).toHaveURL(/\/myAddress$/);
}

for (const language of ["en", "zh"] as const) {
  test.describe(`the address book, in ${language}`, () => {
    test.use({ userAgent: walletUserAgent(language === "en" ? "en" : "zh-MO"), locale: language === "en" ? "en-US" : "zh-MO" });
    const text = TEXT[language];

    test("three addresses with a wrong number first each, the second made default, one deleted, the eleventh refused", async ({ page, sandbox, signIn }) => {
      await signIn("ana");
      await page.goto("/myAddress");
      await expect(page.getByTestId("address-empty")).toContainText(text.empty);
      await expect(page.getByTestId("address-count")).toHaveText(text.count(0));

      await addAddress(page, text, {
        name: "Ana Sousa",
        code: "+853",
        wrong: "2812 3456",
        right: "6612 3456",
        detail: "Rua de Cunha 18",
        area: text.taipa,
        // Tapping Taipa in Macau's list, the tab the picker opens on.
        region: (map) => map.getByTestId("region-group-mo").locator('[data-region="mo-taipa"]').click(),
      });
      await addAddress(page, text, {
        name: "Ana HK",
        code: "+852",
        wrong: "2123 4567",
        right: "9123 4567",
        detail: "Hennessy Road 1",
        area: text.wanChai,
        // Searching.
        region: async (map) => {
          await map.getByRole("searchbox", { name: text.search }).fill(text.searchFor);
          await map.getByRole("link", { name: text.wanChai }).click();
        },
      });
      await addAddress(page, text, {
        name: "Ana SZ",
        code: "+86",
        wrong: "1234567890",
        right: "138 0013 8000",
        detail: "Shennan Road 100",
        area: text.shenzhen,
        // The mainland's provinces and cities.
        region: async (map) => {
          await map.getByRole("tab", { name: text.mainland }).click();
          await map.getByRole("link", { name: text.city, exact: true }).click();
        },
      });

      const cards = page.getByTestId("address");
      await expect(cards).toHaveCount(3);
      await expect(page.getByTestId("address-count")).toHaveText(text.count(3));
      // The first one added is the default, shown first.
      await expect(cards.first()).toContainText("+853 6612 3456");
      await expect(cards.first()).toHaveAttribute("data-default", "1");

      // The second made default: it moves to the top, the others lose the flag.
      await page.getByRole("radio", { name: text.makeDefault("Ana HK") }).check();
      await expect(cards.first()).toContainText("+852 9123 4567");
      await expect(cards.first()).toHaveAttribute("data-default", "1");
      await expect(cards.locator('[data-default="1"]')).toHaveCount(0);
      await expect(page.locator('[data-testid="address"][data-default="1"]')).toHaveCount(1);
      // The list moves at once; the reload waits for the gateway to have it (a reload aborts a request in flight).
      await expect.poll(async () => (await sandbox.addresses(MEMBERS.ana.openId))[0]?.name).toBe("Ana HK");
      await page.reload();
      await expect(cards.first()).toContainText("Ana HK");
      const book = await sandbox.addresses(MEMBERS.ana.openId);
      expect(book.map((address) => [address.name, address.isDefault])).toEqual([
        ["Ana HK", 1],
        ["Ana SZ", 0],
        ["Ana Sousa", 0],
      ]);
      expect(book.find((address) => address.name === "Ana SZ")).toMatchObject({ areaCode: "+86", mobile: "13800138000", area: text.shenzhen, address: "Shennan Road 100" });

      // Deleted, after a confirmation.
      await hydrated(page);
      await page.getByRole("button", { name: text.deleteOne("Ana SZ") }).click();
      const dialog = page.getByRole("alertdialog", { name: text.deleteTitle });
      await expect(dialog).toContainText("Shennan Road 100");
      await dialog.getByRole("button", { name: text.confirmDelete }).click();
      await expect(cards).toHaveCount(2);
      await expect(page.getByRole("status").filter({ hasText: text.deleted })).toBeVisible();
      expect((await sandbox.addresses(MEMBERS.ana.openId)).map((address) => address.name)).toEqual(["Ana HK", "Ana Sousa"]);

      // Up to ten through the form's own action, then the eleventh is refused.
      const origin = new URL(page.url()).origin;
      const save = (index: number) =>
        page.request.post("/editAddress", {
          form: {
            intent: "save",
            name: `Filler ${index}`,
            areaCode: "+853",
            mobile: "66001234",
            regionId: "mo-coloane",
            address: `Estrada ${index}`,
            idempotencyKey: `address-fill-${language}-${String(index).padStart(6, "0")}`,
            js: "1",
          },
          headers: { Origin: origin },
        });
      for (let index = 3; index <= 10; index++) expect((await save(index)).status()).toBe(200);
      await page.reload();
      await expect(cards).toHaveCount(10);
      await expect(page.getByTestId("address-count")).toHaveText(text.count(10));
      await hydrated(page);
      await page.getByRole("button", { name: text.add }).click();
      await expect(page.getByTestId("toast")).toHaveText(text.limit);
      await expect(page).toHaveURL(/\/myAddress$/);

      // The form itself says so, and saving anyway (a forged post) is refused with the message.
      await page.goto("/editAddress");
      await expect(page.getByRole("alert").filter({ hasText: text.limit })).toBeVisible();
      await expect(page.getByRole("button", { name: text.save })).toBeDisabled();
      const eleventh = await save(11);
      expect(eleventh.status()).toBe(409);
      expect(await eleventh.text()).toContain(text.limit);
      expect(await sandbox.addresses(MEMBERS.ana.openId)).toHaveLength(10);
    });

    test("editing keeps the region; a forged request gets a clear message, changes nothing, and shows markup as text", async ({ page, sandbox, signIn }) => {
      await signIn("wong");
      const origin = new URL(page.url()).origin;
      const before = await sandbox.addresses(MEMBERS.wong.openId);
      const digest = await sandbox.digest();
      const key = (label: string) => `forged-${language}-${label}`.padEnd(20, "0");
      const post = (path: string, form: Record<string, string>) => page.request.post(path, { form, headers: { Origin: origin } });
      const valid = { intent: "save", name: "Wong Mei Ling", areaCode: "+853", mobile: "62888999", regionId: "mo-taipa", address: "Rua do Cunha 18", js: "1" };

      // Another member's address (Chan's is id 1): not found, for edit, default and delete.
      expect((await page.goto("/editAddress/1"))!.status()).toBe(404);
      for (const [path, form] of [
        ["/editAddress/1", { ...valid, idempotencyKey: key("edit") }],
        ["/myAddress", { intent: "default", id: "1", idempotencyKey: key("default") }],
        ["/myAddress", { intent: "delete", id: "1", idempotencyKey: key("delete") }],
      ] as const) {
        const reply = await post(path, form);
        expect(reply.status(), `${path} ${form.intent}`).toBe(404);
        expect(await reply.text()).toContain(text.notFound);
      }

      // Bad bodies: a 2,000-character name, a missing field, markup in every field, nonsense.
      const markup = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
      const bad: [Record<string, string>, string][] = [
        [{ ...valid, name: "長".repeat(2000), idempotencyKey: key("long") }, text.nameTooLong],
        [{ ...valid, address: "", idempotencyKey: key("missing") }, text.detailRequired],
        [{ intent: "save", name: markup, areaCode: markup, mobile: markup, regionId: markup, address: markup, isDefault: markup, js: markup, idempotencyKey: key("markup") }, text.chooseRegion],
        [{ ...valid, regionId: "atlantis", idempotencyKey: key("region") }, text.chooseRegion],
        [{ ...valid, intent: "drop", idempotencyKey: key("intent") }, ""],
      ];
      for (const [form, message] of bad) {
        const reply = await post("/editAddress/2", form);
        expect(reply.status(), JSON.stringify(form).slice(0, 80)).toBe(400);
        const html = await reply.text();
        if (message) expect(html).toContain(message);
        expect(html).not.toContain("<script>alert(2)");
        expect(html).not.toContain("<img src=x");
      }
      for (const form of [
        { intent: "default", id: "0" },
        { intent: "delete", id: "abc" },
        { intent: "drop", id: "2" },
        { intent: "delete", id: "2" },
      ]) {
        const reply = await post("/myAddress", { ...form, idempotencyKey: form.intent === "delete" && form.id === "2" ? "short" : key(`list-${form.intent}-${form.id}`) });
        expect(reply.status(), JSON.stringify(form)).toBe(400);
      }
      expect(await sandbox.digest()).toBe(digest);
      expect(await sandbox.addresses(MEMBERS.wong.openId)).toEqual(before);

      // Markup typed into the form comes back as the text it is (the form keeps it), and saved, it is shown as text.
      await page.goto("/editAddress/3");
      await hydrated(page);
      await expect(page.getByTestId("address-region")).toContainText(language === "en" ? "Cotai" : "路氹城");
      await page.getByLabel(text.name).fill("<b>Wong</b>");
      await page.getByLabel(text.mobile).fill("<i>9</i>");
      await page.getByRole("button", { name: text.save }).click();
      await expect(page.getByText(text.wrongNumber)).toBeVisible();
      await expect(page.getByLabel(text.name)).toHaveValue("<b>Wong</b>");
      await page.getByLabel(text.mobile).fill("9123 4567");
      await page.getByLabel(text.detail).fill('<img src=x onerror="alert(1)"> & Co.');
      await tapGuardOpen(page.getByRole("button", { name: text.save }));
      await page.getByRole("button", { name: text.save }).click();
      await expect(page).toHaveURL(/\/myAddress$/);
      const edited = page.getByTestId("address").filter({ hasText: "<b>Wong</b>" });
      await expect(edited).toContainText('<img src=x onerror="alert(1)"> & Co.');
      await expect(edited.locator("b, img")).toHaveCount(0);
    });
  });
}
