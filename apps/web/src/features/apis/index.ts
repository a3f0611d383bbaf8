// What other features may use of this one; the rest of the folder is its own (apps/web/README.md).
export { useApiCheck } from './api/check-api';
export { ApiSelect } from './components/api-select';
export { SecretField } from './components/secret-field';
