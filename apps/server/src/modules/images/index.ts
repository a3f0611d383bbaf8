// Uploaded images (facility pictures, avatars).

export { deleteUnattachedImages, insertImage } from './images.repository';
export { imagesRoutes } from './images.routes';
