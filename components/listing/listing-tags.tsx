/** A listing's tags (满五唯一, 近地铁, 随时看房 …), as in the list and on the detail page. */
export function ListingTags({ tags }: { tags: string[] }) {
  return (
    <div className="tags">
      {tags.map((t) => (
        <span key={t} className="tag">
          {t}
        </span>
      ))}
    </div>
  );
}
