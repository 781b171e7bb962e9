"""Teams: the predefined ones and strided splits."""
import ctypes

from . import _lib, _runtime
from ._errors import error
from ._routines import INT, P, routine

_c_split = _lib.fn("shmem_team_split_strided", ctypes.c_int, P, INT, INT, INT, P,
                   ctypes.c_long, ctypes.POINTER(P))


class Team:
    """A team handle. Teams from split_strided are destroyed with destroy()
    (collective over the team's members, like the split)."""

    def __init__(self, name, handle=None):
        self.name = name
        self._handle = handle
        self._cell = None

    @property
    def handle(self):
        _runtime.require(f"{self.name}.handle")
        if self._handle is None:
            # The predefined handles are set by shmem_init: the variable is
            # read on each call, its lookup (dlsym, 0.5 µs) made once.
            if self._cell is None:
                self._cell = P.in_dll(_lib.lib, self.name)
            return self._cell.value
        if self._handle == 0:
            raise error(ValueError, f"Team({self.name})", "the team was destroyed",
                        "split a new team")
        return self._handle

    def my_pe(self):
        return routine("shmem_team_my_pe", INT, P)(self.handle)

    def n_pes(self):
        return routine("shmem_team_n_pes", INT, P)(self.handle)

    def translate_pe(self, pe, dest_team):
        """pe's number in dest_team, or -1 where it is not a member."""
        pe = _runtime.check_pe("translate_pe", pe, self.n_pes())
        return routine("shmem_team_translate_pe", INT, P, INT, P)(self.handle, pe,
                                                                  dest_team.handle)

    def sync(self):
        if routine("shmem_team_sync", INT, P)(self.handle) != 0:
            raise error(RuntimeError, "Team.sync", "shmem_team_sync failed", "pass a valid team")

    def split_strided(self, start, stride, size):
        """The team of this team's members start, start + stride, ... (size
        of them); None on PEs that are not members. Collective over self."""
        call = "split_strided"
        n = self.n_pes()
        if size < 1 or not 0 <= start < n or not 0 <= start + (size - 1) * stride < n:
            raise error(ValueError, call,
                        f"start {start}, stride {stride}, size {size} leave team {self.name} "
                        f"of {n} PEs", "name members 0 to n_pes() - 1 only")
        new = P()
        rc = _c_split(self.handle, start, stride, size, None, 0, ctypes.byref(new))
        if rc != 0:
            raise error(RuntimeError, call, f"shmem_team_split_strided returned {rc}",
                        "destroy unused teams (the library has a fixed number)")
        if not new.value:
            return None
        return Team(f"{self.name}/split({start},{stride},{size})", new.value)

    def split_2d(self, xrange):
        """This team's members as a grid xrange wide: (the team of this PE's
        row, the team of its column), each in member order. Collective over
        self."""
        call = "split_2d"
        if xrange < 1:
            raise error(ValueError, call, f"xrange is {xrange}", "pass 1 or more")
        x, y = P(), P()
        rc = routine("shmem_team_split_2d", INT, P, INT, P, ctypes.c_long, P, P,
                     ctypes.c_long, P)(self.handle, xrange, None, 0, ctypes.byref(x), None, 0,
                                       ctypes.byref(y))
        if rc != 0 or not x.value or not y.value:
            raise error(RuntimeError, call, f"shmem_team_split_2d returned {rc}",
                        "destroy unused teams (the library has a fixed number)")
        return (Team(f"{self.name}/x({xrange})", x.value),
                Team(f"{self.name}/y({xrange})", y.value))

    def create_ctx(self, options=0):
        """A context of this team (shmem.Ctx); None on PEs outside it."""
        from ._ctx import team_create_ctx
        return team_create_ctx(self, options)

    def destroy(self):
        if self._handle is None:
            raise error(ValueError, "Team.destroy", f"{self.name} is predefined",
                        "destroy only teams from split_strided")
        routine("shmem_team_destroy", None, P)(self.handle)
        self._handle = 0

    def __repr__(self):
        return f"<shmem.Team {self.name}>"


TEAM_WORLD = Team("SHMEM_TEAM_WORLD")
TEAM_SHARED = Team("SHMEM_TEAM_SHARED")


def team(t):
    return TEAM_WORLD if t is None else t
