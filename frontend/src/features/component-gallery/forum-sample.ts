/**
 * The forum pages' sample boards and threads (template data: the console has no forum; its discussions are the notes
 * and comments of a record's history). Metro work, real station and package names, fixed dates.
 */

export interface ForumPost {
  id: string;
  by: string;
  role: string;
  /** ISO 8601. */
  at: string;
  text: string;
}

export interface ForumThread {
  id: string;
  title: string;
  posts: ForumPost[];
}

export interface ForumBoard {
  id: string;
  name: string;
  about: string;
  threads: ForumThread[];
}

export const FORUM_BOARDS: readonly ForumBoard[] = [
  {
    id: 'civil',
    name: 'Civil: viaduct and stations',
    about: 'Piers, pier caps, spans and station structures on the elevated packages.',
    threads: [
      {
        id: 'p12-honeycombing',
        title: 'Pier cap P12 (C1-V01): honeycombing after de-shuttering',
        posts: [
          {
            id: 'a',
            by: 'Rahul Verma',
            role: 'Contractor, C1-V01',
            at: '2026-11-18T05:40:00Z',
            text: 'Honeycombing of about 0.6 m² on the east face of P12 after de-shuttering. Proposal: chip out to sound concrete and repair with polymer-modified mortar as per method statement MS/07.',
          },
          {
            id: 'b',
            by: 'Arjun Mehta',
            role: 'PMC, Quality',
            at: '2026-11-18T09:15:00Z',
            text: 'Raise an NCR (C1-V01-NCR-0007) and attach the photos. Repair only after the method statement is approved; we will witness the repair through an RFI.',
          },
          {
            id: 'c',
            by: 'Meera Iyer',
            role: 'Metro rail, Civil',
            at: '2026-11-19T04:05:00Z',
            text: 'Agreed. Please also check the vibrator records for that pour and brief the crew before P13.',
          },
        ],
      },
      {
        id: 'bearings-s14',
        title: 'Bearing installation sequence for spans S14 to S15',
        posts: [
          {
            id: 'a',
            by: 'Kavita Rao',
            role: 'Design consultant',
            at: '2026-11-12T06:30:00Z',
            text: 'The revised drawing puts the fixed bearings at P14. Grout the pedestals before the girder launch, not after.',
          },
          {
            id: 'b',
            by: 'Rahul Verma',
            role: 'Contractor, C1-V01',
            at: '2026-11-13T07:00:00Z',
            text: 'Noted; the launch at S14 moves to the 26th so the grout reaches strength.',
          },
        ],
      },
    ],
  },
  {
    id: 'underground',
    name: 'Underground: stations and tunnels',
    about: 'Station boxes, dewatering and tunnelling on C1-UG01.',
    threads: [
      {
        id: 'old-fort-dewatering',
        title: 'Dewatering plan for the Old Fort station box before the monsoon',
        posts: [
          {
            id: 'a',
            by: 'Anil Deshmukh',
            role: 'Metro rail, Underground',
            at: '2026-11-10T05:00:00Z',
            text: 'Submit the dewatering and traffic-diversion plans for the Old Fort box by the 30th, with the pump capacities and the discharge points.',
          },
        ],
      },
    ],
  },
  {
    id: 'systems',
    name: 'Systems: signalling and telecom',
    about: 'Interfaces between the civil packages and C1-SYS1.',
    threads: [
      {
        id: 'central-cable-routing',
        title: 'Cable routing at the Central Station interchange',
        posts: [
          {
            id: 'a',
            by: 'Priya Nair',
            role: 'Metro rail, Systems',
            at: '2026-11-05T08:20:00Z',
            text: 'The cable trays of the Blue and Green Lines cross at the concourse. Can the civil packages leave the sleeves shown on the interface drawing?',
          },
          {
            id: 'b',
            by: 'Meera Iyer',
            role: 'Metro rail, Civil',
            at: '2026-11-06T03:50:00Z',
            text: 'Yes for C2-V01; C1-UG01 needs a technical query to move its sleeves by 300 mm.',
          },
        ],
      },
    ],
  },
];

/** A board by id, or the first. */
export function boardOf(id: string | null): ForumBoard {
  return FORUM_BOARDS.find((board) => board.id === id) ?? (FORUM_BOARDS[0] as ForumBoard);
}

/** A thread by id with its board, or the first thread of the first board. */
export function threadOf(id: string | null): { board: ForumBoard; thread: ForumThread } {
  for (const board of FORUM_BOARDS) {
    const thread = board.threads.find((t) => t.id === id);
    if (thread) return { board, thread };
  }
  const board = FORUM_BOARDS[0] as ForumBoard;
  return { board, thread: board.threads[0] as ForumThread };
}

/** The last post of a thread (threads always have one). */
export function lastPost(thread: ForumThread): ForumPost {
  return thread.posts[thread.posts.length - 1] as ForumPost;
}

/** The reply form's rule: a reply says something, at most 1000 characters. */
export const REPLY_MAX = 1000;
