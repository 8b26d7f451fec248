import type { ImportedFile } from '@agora/contracts/import/records';
import { AnswerCode } from './codes';
import type { ReadContext } from './context';
import { userJoin } from './members-ref';
import { pages } from './pages';
import { text } from './values';

const SOURCES: Record<string, ImportedFile['source']> = {
  user_avatar: 'avatar',
  user_post: 'post',
  user_post_attachment: 'attachment',
  admin_branding: 'branding',
};

/**
 * Uploaded files (`file_record`, from Answer v1.4.5), in id order (docs/adr/0094-importing-a-community.md): their path
 * under the upload directory and the address texts embedded them at. Removed files (status 10) are left out.
 */
export async function* readFiles(context: ReadContext): AsyncGenerator<ImportedFile> {
  if (!context.tables.has('file_record')) return;
  const { db } = context;
  for await (const page of pages(db, {
    select: 'f.id AS page_key, f.file_path, f.file_url, f.source, u.id AS known_user',
    from: `file_record f ${userJoin(db, 'f.user_id', 'u')}`,
    key: 'f.id',
    where: 'f.status = ?',
    params: [AnswerCode.fileLive],
  })) {
    for (const row of page) {
      yield {
        kind: 'file',
        user_id: context.members.required(row.known_user),
        path: text(row.file_path),
        url: text(row.file_url),
        source: SOURCES[text(row.source)] ?? 'post',
      };
    }
  }
}
