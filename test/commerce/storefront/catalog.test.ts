import { describe, expect, it } from "vitest";
import {
  CommerceError,
  getCollectionProducts,
  getProduct,
  listCatalog,
  listCollections,
  lowestPrice,
} from "../../../src/commerce/storefront/index";
import { fakeProvider } from "../../fixtures/commerce/fake-provider";
import { sfProduct } from "../../fixtures/commerce/storefront-products";

const origin = "https://storefront.test";
const token = "ptkn_public_token_1";
const page = (results: unknown[], hasNextPage: boolean) => ({ results, paging: { hasNextPage } });

describe("listCollections", () => {
  it("GETs every page of collections with the token as a query parameter", async () => {
    const fake = fakeProvider(origin, [
      { method: "GET", path: "/v1/collections", query: { storefront_token: token, page: "0", size: "50" }, headers: { Accept: "application/json" }, respond: { json: page([{ id: "c1", name: "All", slug: "all" }], true) } },
      { method: "GET", path: "/v1/collections", query: { storefront_token: token, page: "1", size: "50" }, respond: { json: page([{ id: "c2", name: "Merch", slug: "merch" }], false) } },
    ]);
    const collections = await listCollections(token, { baseUrl: origin, fetch: fake.fetch });
    fake.assertDone();
    expect(collections.map((c) => c.slug)).toEqual(["all", "merch"]);
  });
});

describe("getCollectionProducts", () => {
  it("follows every page, not just the first", async () => {
    const q = (n: number) => ({ storefront_token: token, currency: "USD", page: String(n), size: "2" });
    const fake = fakeProvider(origin, [
      { method: "GET", path: "/v1/collections/merch/products", query: q(0), respond: { json: page([sfProduct("a", [10]), sfProduct("b", [11])], true) } },
      { method: "GET", path: "/v1/collections/merch/products", query: q(1), respond: { json: page([sfProduct("c", [12]), sfProduct("d", [13])], true) } },
      { method: "GET", path: "/v1/collections/merch/products", query: q(2), respond: { json: page([sfProduct("e", [14])], false) } },
    ]);
    const products = await getCollectionProducts(token, "merch", { baseUrl: origin, fetch: fake.fetch, currency: "USD", pageSize: 2 });
    fake.assertDone();
    expect(products.map((p) => p.slug)).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("stops on an empty page even if the provider claims more", async () => {
    const fake = fakeProvider(origin, [
      { method: "GET", path: "/v1/collections/all/products", query: { storefront_token: token, page: "0", size: "50" }, respond: { json: page([], true) } },
    ]);
    expect(await getCollectionProducts(token, "all", { baseUrl: origin, fetch: fake.fetch })).toEqual([]);
    fake.assertDone();
  });

  it("raises a 404 collection as a CommerceError with the token scrubbed", async () => {
    const fake = fakeProvider(origin, [
      { method: "GET", path: "/v1/collections/nope/products", query: { storefront_token: token, page: "0", size: "50" }, respond: { status: 404, json: { code: "NOT_FOUND", message: "Collection not found" } } },
    ]);
    const error = (await getCollectionProducts(token, "nope", { baseUrl: origin, fetch: fake.fetch }).catch((e: unknown) => e)) as CommerceError;
    expect(error).toBeInstanceOf(CommerceError);
    expect(error).toMatchObject({ provider: "storefront", method: "GET", status: 404, code: "NOT_FOUND" });
    expect(`${error.message} ${error.url}`).not.toContain(token);
    expect(error.url).toContain("storefront_token=[redacted]");
  });

  it("refuses an answer without a results list", async () => {
    const fake = fakeProvider(origin, [
      { method: "GET", path: "/v1/collections/all/products", query: { storefront_token: token, page: "0", size: "50" }, respond: { json: { unexpected: true } } },
    ]);
    await expect(getCollectionProducts(token, "all", { baseUrl: origin, fetch: fake.fetch })).rejects.toThrow(/without a results list/);
  });

  it("refuses a blank slug or token before any request", async () => {
    const fake = fakeProvider(origin, []);
    await expect(getCollectionProducts(token, "", { baseUrl: origin, fetch: fake.fetch })).rejects.toBeInstanceOf(CommerceError);
    await expect(getCollectionProducts("", "all", { baseUrl: origin, fetch: fake.fetch })).rejects.toThrow(/token is required/);
    expect(fake.calls).toHaveLength(0);
  });
});

describe("getProduct", () => {
  it("returns the product", async () => {
    const product = sfProduct("cool-t-shirt", [25]);
    const fake = fakeProvider(origin, [{ method: "GET", path: "/v1/products/cool-t-shirt", query: { storefront_token: token }, respond: { json: product } }]);
    expect(await getProduct(token, "cool-t-shirt", { baseUrl: origin, fetch: fake.fetch })).toEqual(product);
    fake.assertDone();
  });

  it("returns null on 404", async () => {
    const fake = fakeProvider(origin, [{ method: "GET", path: "/v1/products/gone", query: { storefront_token: token }, respond: { status: 404, json: { code: "NOT_FOUND" } } }]);
    expect(await getProduct(token, "gone", { baseUrl: origin, fetch: fake.fetch })).toBeNull();
    fake.assertDone();
  });

  it("still raises other failures", async () => {
    const fake = fakeProvider(origin, [{ method: "GET", path: "/v1/products/x", query: { storefront_token: token }, respond: { status: 500, text: "boom" } }]);
    await expect(getProduct(token, "x", { baseUrl: origin, fetch: fake.fetch })).rejects.toMatchObject({ status: 500, body: "boom" });
  });
});

describe("lowestPrice", () => {
  it("is the cheapest variant price", () => {
    expect(lowestPrice(sfProduct("p", [30, 19.99, 25]))).toEqual({ value: 19.99, currency: "USD" });
  });

  it("is null without variants", () => {
    expect(lowestPrice(sfProduct("p", []))).toBeNull();
  });
});

describe("listCatalog", () => {
  it("lists the all collection as compact overlay rows", async () => {
    const soldOut = sfProduct("sold-out", [5], { type: "LIMITED", inStock: 0 });
    const fake = fakeProvider(origin, [
      { method: "GET", path: "/v1/collections/all/products", query: { storefront_token: token, page: "0", size: "50" }, respond: { json: page([sfProduct("tee", [20, 18]), soldOut], false) } },
    ]);
    const rows = await listCatalog(token, { baseUrl: origin, fetch: fake.fetch });
    fake.assertDone();
    expect(rows).toEqual([
      { id: "prod_tee", slug: "tee", name: "tee", price: { value: 18, currency: "USD" }, image: { id: "img_tee", url: "https://cdn.test/tee.png", width: 800, height: 800 }, available: true, variantIds: ["var_tee_0", "var_tee_1"] },
      { id: "prod_sold-out", slug: "sold-out", name: "sold out", price: { value: 5, currency: "USD" }, image: { id: "img_sold-out", url: "https://cdn.test/sold-out.png", width: 800, height: 800 }, available: false, variantIds: ["var_sold-out_0"] },
    ]);
  });
});
