// What other features may use of this one; the rest of the folder is its own (apps/web/README.md).
export { useGroups } from './api/get-groups';
export { useGroupOptions } from './use-group-options';
