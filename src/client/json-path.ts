export { readPath, writePath } from "../shared/json-path";
