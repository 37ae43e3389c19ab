export { PhotoPage } from './PhotoPage';
