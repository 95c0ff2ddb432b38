import Testing
@testable import PixelUI

struct SelectionClampTests {
    @Test func theSelectionStopsAtTheFirstAndLastRows() {
        var selection = SelectionClamp(count: 6, index: 1)
        #expect(selection.move(by: -3) == -1)
        #expect(selection.index == 0)
        #expect(selection.move(by: -1) == 0)
        #expect(selection.move(by: 4) == 4)
        #expect(selection.move(by: 4) == 1)
        #expect(selection.index == 5)
        #expect(selection.move(by: 1) == 0)
        #expect(selection.index == 5)
    }

    @Test func theSelectionNeverWrapsAround() {
        #expect(SelectionClamp.moved(5, by: 1, count: 6) == 5)
        #expect(SelectionClamp.moved(0, by: -1, count: 6) == 0)
        #expect(SelectionClamp.moved(2, by: Int.max, count: 6) == 5)
        #expect(SelectionClamp.moved(2, by: Int.min, count: 6) == 0)
    }

    @Test func aStartingIndexOutsideTheListIsClampedAndAnEmptyListStaysAtZero() {
        #expect(SelectionClamp(count: 3, index: 7).index == 2)
        var empty = SelectionClamp(count: 0)
        #expect(empty.move(by: 3) == 0)
        #expect(empty.index == 0)
    }
}
