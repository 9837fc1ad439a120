import type { ProjectAround } from '@contracts/project-pages';
import { messages } from '@/lib/messages';
import './project.css';

const M = messages.projectPages;
const KINDS = ['stations', 'schools', 'hospitals', 'shopping'] as const;

/** 周边: stations, schools, hospitals and shopping within the radius, nearest first, straight-line distance. */
export function ProjectAroundLists({ around }: { around: ProjectAround }) {
  return (
    <div className="project-around">
      <p className="project-around__intro">{M.aroundIntro(around.radius)}</p>
      {KINDS.map((kind) => {
        const items = around[kind];
        return (
          <section key={kind} className="section project-around__kind" data-kind={kind}>
            <h2 className="section__title">
              {M.aroundKinds[kind]}
              {items.length > 0 && <span className="project-around__count">（{items.length}）</span>}
            </h2>
            {items.length === 0 ? (
              <p className="project-pages__empty">{M.aroundEmpty[kind]}</p>
            ) : (
              <ul className="project-around__list">
                {kind === 'stations'
                  ? around.stations.map((s) => (
                      <li key={s.name}>
                        <span className="project-around__name">{s.name}</span>
                        <span className="project-around__lines">{M.stationLines(s.lines)}</span>
                        <span className="project-around__distance">{M.distance(s.distance)}</span>
                      </li>
                    ))
                  : items.map((p) => (
                      <li key={'id' in p ? p.id : p.name}>
                        <span className="project-around__name">{p.name}</span>
                        <span className="project-around__distance">{M.distance(p.distance)}</span>
                      </li>
                    ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}
