import type { PosConfig } from "./config";
import { posRequest } from "./transport";
import type { PosAddress, PosLocation } from "./types";
import { addressFromWire, addressToWire, obj, str, stripUndefined, type Wire } from "./wire";

/** Fields a location can be created or updated with. */
export interface PosLocationInput {
  name?: string;
  address?: PosAddress;
  timezone?: string;
  status?: "ACTIVE" | "INACTIVE";
  description?: string;
}

function mapLocation(raw: unknown): PosLocation {
  const l = obj(raw);
  return {
    id: str(l.id) ?? "",
    name: str(l.name) ?? "",
    status: str(l.status),
    currency: str(l.currency),
    timezone: str(l.timezone),
    address: addressFromWire(l.address),
  };
}

function locationToWire(input: PosLocationInput): Wire {
  return stripUndefined({
    name: input.name,
    address: input.address ? addressToWire(input.address) : undefined,
    timezone: input.timezone,
    status: input.status,
    description: input.description,
  });
}

/**
 * Every location of the seller.
 *
 * @example
 * const locations = await listLocations(pos)
 */
export async function listLocations(config: PosConfig): Promise<PosLocation[]> {
  const body = await posRequest<Wire>(config, { method: "GET", path: "/v2/locations" });
  return (Array.isArray(body.locations) ? body.locations : []).map(mapLocation);
}

/**
 * One location, or `null` when the id is unknown.
 *
 * @example
 * const main = await retrieveLocation(pos, "L1")
 */
export async function retrieveLocation(config: PosConfig, id: string): Promise<PosLocation | null> {
  const body = await posRequest<Wire>(config, { method: "GET", path: `/v2/locations/${encodeURIComponent(id)}`, nullOn404: true });
  return body ? mapLocation(body.location) : null;
}

/**
 * Creates a location.
 *
 * @example
 * const shop = await createLocation(pos, { name: "Pop-up", timezone: "Europe/Berlin" })
 */
export async function createLocation(config: PosConfig, input: PosLocationInput & { name: string }): Promise<PosLocation> {
  const body = await posRequest<Wire>(config, { method: "POST", path: "/v2/locations", json: { location: locationToWire(input) } });
  return mapLocation(body.location);
}

/**
 * Sparse update: only the fields present in `patch` are sent, so the rest stay as they are.
 *
 * @example
 * await updateLocation(pos, "L1", { name: "Main street" })
 */
export async function updateLocation(config: PosConfig, id: string, patch: PosLocationInput): Promise<PosLocation> {
  const body = await posRequest<Wire>(config, {
    method: "PUT", path: `/v2/locations/${encodeURIComponent(id)}`, json: { location: locationToWire(patch) },
  });
  return mapLocation(body.location);
}
