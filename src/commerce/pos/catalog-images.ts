import { resolvePosConfig, type PosConfig } from "./config";
import { CommerceError } from "../error";
import { posRequest } from "./transport";
import { obj, str, stripUndefined, type Wire } from "./wire";

/** An image file and how to label it. */
export interface PosCatalogImageInput {
  file: Blob;
  filename: string;
  name?: string;
  caption?: string;
  /** Attach to this catalog object at once (otherwise reference the id in `imageIds`). */
  objectId?: string;
  isPrimary?: boolean;
}

/**
 * Uploads an image (multipart: a JSON `request` part and an `image_file` part) and returns the
 * new image's id, for an item's `imageIds`.
 *
 * @example
 * const imageId = await createCatalogImage(pos, { file: await r2obj.blob(), filename: "tee.jpg", name: "Tee" })
 */
export async function createCatalogImage(config: PosConfig, input: PosCatalogImageInput): Promise<string> {
  const request = stripUndefined({
    idempotency_key: resolvePosConfig(config).idempotencyKey(),
    object_id: input.objectId,
    is_primary: input.isPrimary,
    image: { type: "IMAGE", id: "#image", image_data: stripUndefined({ name: input.name, caption: input.caption }) },
  });
  const form = new FormData();
  form.append("request", JSON.stringify(request));
  form.append("image_file", input.file, input.filename);
  const body = await posRequest<Wire>(config, { method: "POST", path: "/v2/catalog/images", form });
  const id = str(obj(body.image).id);
  if (!id) {
    throw new CommerceError("pos image upload answered without an image id", {
      provider: "pos", method: "POST", url: "/v2/catalog/images", body,
    });
  }
  return id;
}
