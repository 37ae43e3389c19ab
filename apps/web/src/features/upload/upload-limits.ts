import { UPLOAD_LIMITS } from '@yanzhi/contract';

/** The file input's `accept`: the formats the server takes. */
export const ACCEPTED_TYPES = UPLOAD_LIMITS.mediaTypes.join(',');
