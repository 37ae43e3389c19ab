import type { PhotoNewsItem } from '@yanzhi/contract';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingRegion, Skeleton } from '../../../components/Skeleton';
import { Link } from '../../../lib/router';
import { newsLines } from './news-lines';
import { useNewsText } from './texts';
import { usePhotoNews } from './use-photo-news';
import './news.css';

/**
 * "你的照片动态": what happened to the user's photos since their last visit, one row per photo,
 * each opening that photo's page. Opening the profile marks it all seen.
 */
export function PhotoNewsInbox({ userId, scoreLocked }: { userId: number; scoreLocked: boolean }) {
  const t = useNewsText();
  const news = usePhotoNews(userId);
  return (
    <section className="news" aria-labelledby="news-heading" data-testid="photo-news">
      <h2 id="news-heading" className="news__heading">
        {t('news.heading')}
      </h2>
      {news.isPending ? (
        <LoadingRegion label={t('news.loading')}>
          <Skeleton height="64px" radius="12px" />
        </LoadingRegion>
      ) : news.isError ? (
        <ErrorState
          error={news.error}
          title={t('news.error')}
          onRetry={() => {
            void news.refetch();
          }}
        />
      ) : news.data.items.length === 0 ? (
        <div className="news__empty" data-testid="news-empty">
          <p className="news__empty-title">{t('news.empty')}</p>
          <p className="news__empty-hint">{t('news.emptyHint')}</p>
        </div>
      ) : (
        <ul className="news__list">
          {news.data.items.map((item) => (
            <NewsRow key={item.photo_id} item={item} scoreLocked={scoreLocked} />
          ))}
        </ul>
      )}
    </section>
  );
}

function NewsRow({ item, scoreLocked }: { item: PhotoNewsItem; scoreLocked: boolean }) {
  const t = useNewsText();
  const lines = newsLines(item, t, scoreLocked);
  return (
    <li>
      <Link
        to={`/p/${String(item.photo_id)}`}
        className="news__item"
        data-testid="news-item"
        data-photo-id={item.photo_id}
      >
        <img
          className="news__thumb"
          src={item.image.thumb_url}
          alt=""
          width={48}
          height={64}
          loading="lazy"
          style={{ backgroundImage: `url("${item.image.placeholder}")` }}
        />
        <span className="news__lines">
          <span className="visually-hidden">{t('news.open')}</span>
          {lines.map((line) => (
            <span key={line} className="news__line">
              {line}
            </span>
          ))}
        </span>
      </Link>
    </li>
  );
}
