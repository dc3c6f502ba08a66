// server.json (the MCP registry's description of omsdesk) repeats the package's version and the
// declarations of the variables it lists: they are rewritten from package.json and variables.ts.
import { type RegistryVariable, registryVariables } from '../src/core/config/index.js';

/** The parts of server.json this script keeps in step; everything else is written by hand. */
export interface ServerJson {
  readonly version: string;
  readonly packages: ReadonlyArray<{
    readonly version: string;
    readonly environmentVariables?: ReadonlyArray<RegistryVariable | { readonly name: string }>;
    readonly [key: string]: unknown;
  }>;
  readonly [key: string]: unknown;
}

/** server.json with its versions taken from package.json and each listed variable from its declaration. */
export function updatedServerJson(server: ServerJson, manifest: { readonly version: string }): ServerJson {
  return {
    ...server,
    version: manifest.version,
    packages: server.packages.map((p) => ({
      ...p,
      version: manifest.version,
      environmentVariables: registryVariables((p.environmentVariables ?? []).map((v) => v.name)),
    })),
  };
}
