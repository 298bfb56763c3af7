import { describe, expect, it } from "vitest";
import {
  batchUpsertCatalogObjects, createCatalogImage, listCatalogItems, mapCatalogItem, POS_VERSION, readModifyWriteCatalog,
  retrieveCatalogItem, retrieveVariationPrices, upsertCatalogItem, type PosItemInput,
} from "../../../src/commerce/pos";
import { jsonResponse } from "../../fixtures/commerce-ii/fake-provider";
import { posSetup } from "../../fixtures/commerce-ii/pos-setup";

const usd = (amount: number) => ({ amount, currency: "USD" });

const rawItem = {
  type: "ITEM", id: "ITEM_1", version: 1700, present_at_all_locations: false, present_at_location_ids: ["L1", "L2"],
  item_data: {
    name: "Tee", description: "Soft", image_ids: ["IMG_1"], future_field_the_client_does_not_model: { keep: true },
    variations: [{
      type: "ITEM_VARIATION", id: "VAR_1", version: 1700, present_at_all_locations: false, present_at_location_ids: ["L1", "L2"],
      item_variation_data: {
        item_id: "ITEM_1", name: "S", sku: "T-S", price_money: usd(2000),
        location_overrides: [{ location_id: "L2", price_money: usd(2200), track_inventory: true }],
      },
    }],
  },
};

describe("POS catalog read", () => {
  it("maps a raw item to camelCase with per-location prices", async () => {
    const { config } = posSetup(() => jsonResponse(200, { object: rawItem }));
    const item = await retrieveCatalogItem(config, "ITEM_1");
    expect(item).toEqual(mapCatalogItem(rawItem));
    expect(item).toMatchObject({
      id: "ITEM_1", version: 1700, name: "Tee", imageIds: ["IMG_1"], presentAt: ["L1", "L2"],
      variations: [{ id: "VAR_1", price: usd(2000), locationOverrides: [{ locationId: "L2", price: usd(2200), trackInventory: true }] }],
    });
    expect(await retrieveVariationPrices(config, "ITEM_1")).toEqual([
      { variationId: "VAR_1", name: "S", price: usd(2000), byLocation: { L2: usd(2200) } },
    ]);
  });

  it("lists items over every page", async () => {
    const { fake, config } = posSetup((call) =>
      call.url.searchParams.get("cursor") ? jsonResponse(200, { objects: [{ ...rawItem, id: "ITEM_2" }] }) : jsonResponse(200, { objects: [rawItem], cursor: "c2" }),
    );
    expect((await listCatalogItems(config)).map((i) => i.id)).toEqual(["ITEM_1", "ITEM_2"]);
    expect(fake.calls.map((c) => c.url.search)).toEqual(["?types=ITEM", "?types=ITEM&cursor=c2"]);
  });
});

describe("POS catalog write (SPEC §4, §8 250 variations)", () => {
  const item: PosItemInput = {
    name: "Tee", presentAt: ["L1", "L2"], imageIds: ["IMG_1"],
    variations: [
      { name: "S", price: usd(2000), locationOverrides: [{ locationId: "L2", price: usd(2200) }] },
      { name: "M", priceAtLocation: { L1: usd(2100) } },
    ],
  };

  it("upserts an item with presence and per-location prices in the wire shape", async () => {
    const { fake, config } = posSetup(() => jsonResponse(200, { catalog_object: rawItem, id_mappings: [{ client_object_id: "#item", object_id: "ITEM_1" }] }));
    const result = await upsertCatalogItem(config, item);
    expect(result.idMappings).toEqual({ "#item": "ITEM_1" });
    expect(fake.calls[0]?.path).toBe("/v2/catalog/object");
    expect(fake.calls[0]?.json).toEqual({
      idempotency_key: "idem-1",
      object: {
        type: "ITEM", id: "#item", present_at_all_locations: false, present_at_location_ids: ["L1", "L2"],
        item_data: {
          name: "Tee", image_ids: ["IMG_1"],
          variations: [
            {
              type: "ITEM_VARIATION", id: "#item-v0", present_at_all_locations: false, present_at_location_ids: ["L1", "L2"],
              item_variation_data: {
                item_id: "#item", name: "S", pricing_type: "FIXED_PRICING", price_money: usd(2000),
                location_overrides: [{ location_id: "L2", price_money: usd(2200) }],
              },
            },
            {
              type: "ITEM_VARIATION", id: "#item-v1", present_at_all_locations: false, present_at_location_ids: ["L1"],
              item_variation_data: {
                item_id: "#item", name: "M", pricing_type: "VARIABLE_PRICING",
                location_overrides: [{ location_id: "L1", price_money: usd(2100) }],
              },
            },
          ],
        },
      },
    });
  });

  it("batch-upserts several items in one request", async () => {
    const { fake, config } = posSetup(() => jsonResponse(200, { objects: [rawItem, { ...rawItem, id: "ITEM_2" }] }));
    const result = await batchUpsertCatalogObjects(config, [item, { ...item, name: "Hoodie" }]);
    expect(result.items.map((i) => i.id)).toEqual(["ITEM_1", "ITEM_2"]);
    const body = fake.calls[0]?.json as { batches: Array<{ objects: Array<{ id: string }> }> };
    expect(fake.calls[0]?.path).toBe("/v2/catalog/batch-upsert");
    expect(body.batches[0]?.objects.map((o) => o.id)).toEqual(["#item0", "#item1"]);
  });

  it.each([
    ["a variation present where the item is not", { ...item, variations: [{ name: "S", presentAt: ["L3"] }] }],
    ["a variation present everywhere under a located item", { ...item, variations: [{ name: "S", presentAt: "all" as const }] }],
    ["a variation priced where the item is not", { ...item, variations: [{ name: "S", priceAtLocation: { L9: usd(1) } }] }],
    ["an override where the item is not", { ...item, variations: [{ name: "S", locationOverrides: [{ locationId: "L9", price: usd(1) }] }] }],
    ["an item over 250 variations", { name: "Big", variations: Array.from({ length: 251 }, (_, i) => ({ name: `V${i}` })) }],
  ])("refuses %s before any request", async (_label, bad) => {
    const { fake, config } = posSetup(() => jsonResponse(200, {}));
    await expect(upsertCatalogItem(config, bad)).rejects.toMatchObject({ provider: "pos", status: undefined });
    await expect(batchUpsertCatalogObjects(config, [item, bad])).rejects.toMatchObject({ provider: "pos" });
    expect(fake.calls).toHaveLength(0);
  });

  it("accepts exactly 250 variations", async () => {
    const { fake, config } = posSetup(() => jsonResponse(200, { catalog_object: rawItem }));
    await upsertCatalogItem(config, { name: "Big", variations: Array.from({ length: 250 }, (_, i) => ({ name: `V${i}` })) });
    expect(fake.calls).toHaveLength(1);
  });

  it("uploads an image as multipart and returns its id", async () => {
    const { fake, config } = posSetup(() => jsonResponse(200, { image: { id: "IMG_9", type: "IMAGE" } }));
    const id = await createCatalogImage(config, { file: new Blob([new Uint8Array([1, 2, 3])], { type: "image/png" }), filename: "tee.png", name: "Tee" });
    expect(id).toBe("IMG_9");
    const form = fake.calls[0]?.body as FormData;
    expect(fake.calls[0]?.path).toBe("/v2/catalog/images");
    expect(JSON.parse(form.get("request") as string)).toEqual({
      idempotency_key: "idem-1", image: { type: "IMAGE", id: "#image", image_data: { name: "Tee" } },
    });
    const file: unknown = form.get("image_file");
    if (!(file instanceof File)) throw new Error("image_file part missing");
    expect(file.name).toBe("tee.png");
    expect([...new Uint8Array(await file.arrayBuffer())]).toEqual([1, 2, 3]);
  });
});

describe("readModifyWriteCatalog (SPEC §4 rules)", () => {
  it("writes back the raw object the mutator left, with the read's version and the same version header", async () => {
    const { fake, config } = posSetup((call) =>
      call.method === "GET" ? jsonResponse(200, { object: structuredClone(rawItem) }) : jsonResponse(200, { catalog_object: call.json && (call.json as { object: unknown }).object }),
    );
    await readModifyWriteCatalog({ ...config, version: "2023-06-08" }, "ITEM_1", (raw) => {
      (raw.item_data as { name: string }).name = "Tee (2025)";
      raw.version = 1; // a mutator cannot move the version: the read's version is what guards the write
    });
    const [read, write] = fake.calls;
    expect(read?.method).toBe("GET");
    expect(read?.path).toBe("/v2/catalog/object/ITEM_1");
    expect(read?.headers["pos-version"]).toBe("2023-06-08");
    expect(write?.headers["pos-version"]).toBe("2023-06-08");
    const expected = structuredClone(rawItem);
    expected.item_data.name = "Tee (2025)";
    // Fields the client does not model survive: the object is never rebuilt from PosCatalogItem.
    expect(write?.json).toEqual({ idempotency_key: "idem-1", object: expected });
    expect(write?.body).toContain('"future_field_the_client_does_not_model":{"keep":true}');
  });

  it("also accepts a replacement object returned by the mutator", async () => {
    const { fake, config } = posSetup((call) =>
      call.method === "GET" ? jsonResponse(200, { object: structuredClone(rawItem) }) : jsonResponse(200, { catalog_object: {} }),
    );
    await readModifyWriteCatalog(config, "ITEM_1", (raw) => ({ ...raw, custom_attribute_values: { a: 1 } }));
    expect((fake.calls[1]?.json as { object: Record<string, unknown> }).object).toEqual({ ...rawItem, custom_attribute_values: { a: 1 } });
    expect(fake.calls[1]?.headers["pos-version"]).toBe(POS_VERSION);
  });

  it("fails, never overwrites, when someone wrote in between (version conflict), and does not retry it", async () => {
    const { fake, config } = posSetup(
      (call) =>
        call.method === "GET"
          ? jsonResponse(200, { object: structuredClone(rawItem) })
          : jsonResponse(409, { errors: [{ category: "INVALID_REQUEST_ERROR", code: "VERSION_MISMATCH", detail: "Object version does not match" }] }),
      { retry: { attempts: 3, baseDelayMs: 10, maxDelayMs: 100 } },
    );
    await expect(readModifyWriteCatalog(config, "ITEM_1", () => undefined)).rejects.toMatchObject({ status: 409, code: "VERSION_MISMATCH" });
    expect(fake.calls.map((c) => c.method)).toEqual(["GET", "POST"]);
  });
});
