/** The category list: each opens its listing at /classifys/{id}-{name}. */
import { useTranslation } from "react-i18next";
import { CategoryIcon } from "./icons";
import { ListLink } from "./list-link";
import "./category-grid.css";

export interface CategoryItem {
  id: number;
  name: string;
  color: string;
  icon: string;
}

export function categoryPath(category: { id: number; name: string }): `/${string}` {
  return `/classifys/${category.id}-${encodeURIComponent(category.name)}`;
}

export function CategoryGrid({ categories }: { categories: CategoryItem[] }) {
  const { t } = useTranslation();
  return (
    <nav className="category-grid card" aria-label={t("home.categories")}>
      <ul>
        {categories.map((category) => (
          <li key={category.id}>
            <ListLink to={categoryPath(category)} className="category-grid__item">
              <span className="category-grid__icon" style={{ color: category.color, background: `${category.color}1a` }}>
                <CategoryIcon name={category.icon} />
              </span>
              {category.name}
            </ListLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
