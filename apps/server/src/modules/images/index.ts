// Uploaded images (facility pictures, avatars).
export { imagesRoutes } from './images.routes';
