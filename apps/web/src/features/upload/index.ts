export { UploadPage } from './UploadPage';
