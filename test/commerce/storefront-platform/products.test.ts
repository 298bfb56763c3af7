import { describe, expect, it } from "vitest";
import {
  addProductImages, createProduct, deleteProduct, getProductInventory, setProductAvailability, setProductState,
  type CreateProductInput, type StorefrontPlatformConfig,
} from "../../../src/commerce/storefront-platform";
import { createFakeProvider, jsonResponse } from "../../fixtures/commerce-ii/fake-provider";

function setup(answer: unknown = { id: "prod_1", name: "Tee", state: "PUBLIC", available: true }) {
  const fake = createFakeProvider(() => jsonResponse(200, answer));
  const config: StorefrontPlatformConfig = {
    username: "<USERNAME>", password: "<API_KEY>", baseUrl: "https://platform.test/open-api/v1.0", fetch: fake.fetch, rateLimit: false,
  };
  return { fake, config };
}

describe("storefront platform products (SPEC §4)", () => {
  it("creates a physical product with a profit margin and no retail price", async () => {
    const { fake, config } = setup();
    await createProduct(config, { kind: "physical", name: "Tee", profitMargin: 12 });
    expect(fake.calls[0]?.method).toBe("POST");
    expect(fake.calls[0]?.path).toBe("/open-api/v1.0/products");
    expect(fake.calls[0]?.body).toBe(JSON.stringify({ type: "PHYSICAL", name: "Tee", profitMargin: 12 }));
  });

  it("creates a digital product with a price", async () => {
    const { fake, config } = setup();
    await createProduct(config, { kind: "digital", name: "Pack", price: { value: 5, currency: "USD" } });
    expect(fake.calls[0]?.body).toBe(JSON.stringify({ type: "DIGITAL", name: "Pack", price: { value: 5, currency: "USD" } }));
  });

  it("makes a wrong kind/field combination a compile error", () => {
    // @ts-expect-error a physical product has no retail price
    const physicalWithPrice: CreateProductInput = { kind: "physical", name: "Tee", profitMargin: 1, price: { value: 5, currency: "USD" } };
    // @ts-expect-error a digital product needs a price, not a margin
    const digitalWithMargin: CreateProductInput = { kind: "digital", name: "Pack", profitMargin: 3 };
    expect([physicalWithPrice.kind, digitalWithMargin.kind]).toEqual(["physical", "digital"]);
  });

  it("deletes, switches availability and state, and appends images at their paths", async () => {
    const { fake, config } = setup();
    await deleteProduct(config, "prod_1");
    await setProductAvailability(config, "prod_1", false);
    await setProductState(config, "prod_1", "HIDDEN");
    await addProductImages(config, "prod_1", ["https://media.example/a.png"]);
    expect(fake.calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ["DELETE", "/open-api/v1.0/products/prod_1", undefined],
      ["PUT", "/open-api/v1.0/products/prod_1/availability", '{"available":false}'],
      ["PUT", "/open-api/v1.0/products/prod_1/state", '{"state":"HIDDEN"}'],
      ["POST", "/open-api/v1.0/products/prod_1/images", '{"urls":["https://media.example/a.png"]}'],
    ]);
  });

  it("reports an untracked variant's stock as null, distinct from 0", async () => {
    const { config } = setup({
      id: "prod_1",
      variants: [
        { id: "v1", stock: { type: "UNLIMITED" } },
        { id: "v2", stock: { type: "LIMITED", inStock: 0 } },
        { id: "v3", stock: { type: "LIMITED", inStock: 7 } },
      ],
    });
    expect(await getProductInventory(config, "prod_1")).toEqual([
      { variantId: "v1", quantity: null },
      { variantId: "v2", quantity: 0 },
      { variantId: "v3", quantity: 7 },
    ]);
  });
});
