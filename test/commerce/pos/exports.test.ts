import { describe, expect, it } from "vitest";
import * as pos from "../../../src/commerce/pos";
import * as platform from "../../../src/commerce/storefront-platform";

describe("public surface named by SPEC §4", () => {
  it("cms-toolkit/commerce/pos exports every function in the SPEC table", () => {
    const names = [
      "POS_VERSION", "centsToMajor", "listLocations", "retrieveLocation", "createLocation", "updateLocation", "createCatalogImage",
      "listCatalogItems", "retrieveCatalogItem", "retrieveVariationPrices", "mapCatalogItem", "upsertCatalogItem",
      "batchUpsertCatalogObjects", "readModifyWriteCatalog", "retrieveInventoryCounts", "batchChangeInventory", "setPhysicalCount",
      "createOrder", "retrieveOrder", "calculateOrder", "searchOrdersByCustomer", "searchOrders", "createPayment",
      "searchCustomersByEmail", "retrieveCustomer", "createCustomer", "ensureCustomer", "createCard", "searchSubscriptionsByCustomer",
      "createSubscription", "retrieveLoyaltyAccountByCustomer", "verifyPosSignature",
    ];
    for (const name of names) expect(pos, name).toHaveProperty(name);
    expect(typeof pos.POS_VERSION).toBe("string");
  });

  it("cms-toolkit/commerce/storefront-platform exports every function in the SPEC table", () => {
    const names = [
      "validateExternalOrder", "createExternalOrder", "listExternalOrders", "getExternalOrder", "cancelExternalOrder", "isCancellable",
      "createProduct", "deleteProduct", "setProductAvailability", "setProductState", "addProductImages", "getProductInventory",
    ];
    for (const name of names) expect(typeof (platform as Record<string, unknown>)[name], name).toBe("function");
  });
});
