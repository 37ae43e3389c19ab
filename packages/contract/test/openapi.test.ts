import { describe, expect, it } from 'vitest';
import { API, CALL_NAMES, UPLOAD_LIMITS, buildOpenApiDocument } from '../src/index.js';

interface FormMediaType {
  schema: { properties: Record<string, Record<string, unknown>> };
  encoding: { file: { contentType: string } };
}

function formOf(path: string): FormMediaType | undefined {
  const document = buildOpenApiDocument('test') as {
    paths: Record<string, { post: { requestBody: { content: Record<string, FormMediaType> } } }>;
  };
  return document.paths[path]?.post.requestBody.content['multipart/form-data'];
}

describe('the OpenAPI document', () => {
  it('gives every call that takes a file the upload limits the server holds it to', () => {
    const withFile = CALL_NAMES.filter((name) => API[name].body !== 'json');
    expect(withFile).toEqual(expect.arrayContaining(['upload_photo', 'gen_share_image']));
    for (const name of withFile) {
      const form = formOf(API[name].path);
      expect(form?.schema.properties.file).toMatchObject({
        type: 'string',
        format: 'binary',
        'x-upload-limits': {
          maxBytes: UPLOAD_LIMITS.maxBytes,
          maxPixels: UPLOAD_LIMITS.maxPixels,
          minShortSide: UPLOAD_LIMITS.minShortSide,
          formats: [...UPLOAD_LIMITS.formats],
        },
      });
      expect(form?.encoding.file.contentType.split(', ')).toEqual([...UPLOAD_LIMITS.mediaTypes]);
    }
  });

  it("describes upload_photo's form fields from its schema", () => {
    const form = formOf(API.upload_photo.path);
    expect(Object.keys(form?.schema.properties ?? {}).sort()).toEqual([
      'anonymous_id',
      'category_id',
      'file',
    ]);
  });

  it('offers no form to a call that takes only JSON', () => {
    expect(formOf(API.get_my_photos.path)).toBeUndefined();
  });
});
