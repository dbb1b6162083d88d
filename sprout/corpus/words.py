"""The word lists the story shapes draw from: data only, every one a tuple (or a dict of
tuples), written for this project.

A list's order is part of the corpus: the generators draw by index, so reordering, adding or
removing an entry changes the stories every seed gives (tests/test_contracts.py holds their
hash). Entries with "{x.his}" and the like are filled in with the story's character."""

# People

BOY_NAMES = (
    "Tom", "Ben", "Sam", "Max", "Leo", "Jack", "Tim", "Dan", "Jake", "Finn", "Owen", "Noah",
    "Liam", "Luke", "Adam", "Ryan", "Eli", "Jay", "Joe", "Ned", "Ted", "Bob", "Bill", "Carl",
    "Dave", "Eric", "Fred", "Greg", "Hugo", "Ian", "Jim", "Kevin", "Kyle", "Leon", "Mark",
    "Matt", "Nick", "Oscar", "Paul", "Pete", "Ralph", "Rex", "Roy", "Seth", "Toby", "Tony",
    "Victor", "Walt", "Zack", "Oliver", "Henry", "Jacob", "Lucas", "Mason", "Ethan", "Caleb",
    "Felix", "Milo", "Arthur", "George", "Harry", "Jonah", "Simon", "Peter", "Frank", "Gus",
    "Hank", "Ollie", "Theo", "Ross", "Dylan", "Colin", "Eddie", "Louis", "Bruno", "Omar",
    "Ravi", "Mateo", "Kenji", "Amos", "Jasper", "Rupert",
)

GIRL_NAMES = (
    "Lily", "Mia", "Anna", "Sue", "Amy", "Emma", "Lucy", "Sara", "Ella", "Zoe", "Kate", "Jane",
    "Rose", "Ruby", "Grace", "Sophie", "Chloe", "Ivy", "Eva", "Nora", "Lila", "Maya", "Molly",
    "Daisy", "Hannah", "Olivia", "Alice", "Clara", "Ellie", "Fiona", "Gina", "Holly", "Julia",
    "Laura", "Megan", "Nina", "Penny", "Rosa", "Sally", "Tina", "Vera", "Wendy", "Abby",
    "Beth", "Cora", "Dora", "Erin", "Gemma", "Hazel", "Isla", "Jenny", "Kara", "Lena", "Mary",
    "Nell", "Pam", "Polly", "Rita", "Stella", "Tess", "Lola", "Bella", "Leah", "Naomi",
    "Priya", "Amira", "Elsa", "Heidi", "Joy", "Kitty", "Luna", "Mila", "Greta", "Tara", "Anya",
    "Edith", "Martha",
)

# Grown-ups are only ever named, never referred to with "he" or "she", so they never make a
# child's pronoun ambiguous. RELATIVES are the words for "{x}'s grandma" and the like.
FEMALE_ADULTS = ("Mom", "Grandma", "Granny", "Nana", "Aunt Jo", "Aunt May", "Aunt Rose")
MALE_ADULTS = ("Dad", "Grandpa", "Papa", "Uncle Bob", "Uncle Jim", "Uncle Ned", "Grandad")
RELATIVES = ("grandma", "grandpa", "aunt", "uncle", "big cousin", "godmother", "neighbor",
             "best friend", "mom", "dad")

# Things, places and happenings

COLORS = ("red", "blue", "green", "yellow", "pink", "purple", "orange", "brown", "black",
          "white", "gray", "gold", "silver")

OBJECT_ADJECTIVES = ("little", "old", "new", "shiny", "soft", "tiny", "big", "small",
                     "fluffy", "striped", "spotted", "round", "bright", "funny", "wooden",
                     "woolly", "smooth", "sparkly", "lucky", "special")

KID_ADJECTIVES = ("kind", "happy", "curious", "brave", "shy", "cheerful", "clever",
                  "playful", "gentle", "busy", "funny", "friendly", "quiet", "lively",
                  "helpful", "smart", "sweet", "careful", "bright", "jolly", "silly",
                  "thoughtful", "polite", "bold", "cheeky", "daring", "merry", "sunny",
                  "tidy", "patient", "chatty")

FEELINGS = ("happy", "glad", "proud", "excited", "surprised", "calm", "cheerful", "jolly",
            "thankful", "joyful", "cozy", "pleased", "delighted", "warm inside", "hopeful")

SAD_FEELINGS = ("sad", "worried", "upset", "scared", "lonely", "cross", "grumpy", "unhappy",
                "nervous", "tired", "gloomy", "sorry")

AGES = ("three", "four", "five", "six", "seven")

HOMES = ("a small house", "a little blue house", "a big white house", "a yellow cottage",
         "a tall thin house", "a flat above a bakery", "a cozy cottage",
         "a house with a red door", "a farmhouse", "a little house with a green roof",
         "an old stone house", "a house with a big garden", "a boat house",
         "a wooden cabin")

HOME_WHERE = ("near the sea", "by a big forest", "in a busy town",
              "at the end of a quiet street", "on top of a green hill", "next to a river",
              "in a small village", "near a duck pond", "close to the mountains",
              "beside a field of corn", "in the middle of a big city", "by a quiet lake",
              "at the edge of a wood", "across from a bakery")

HOBBIES = ("draw pictures", "sing songs", "play outside", "read books", "dance",
           "build tall towers", "climb trees", "look at the stars", "bake cakes",
           "ride {x.his} bike", "collect shells", "play ball", "splash in puddles",
           "watch birds", "make paper boats", "plant seeds", "tell jokes",
           "play hide and seek", "paint", "run fast", "jump rope", "count things",
           "make mud pies", "play the drum", "help in the kitchen", "swing on the swings")

ONE_DAYS = ("morning", "day", "sunny morning", "bright morning", "warm summer day",
            "cold winter morning", "windy afternoon", "rainy afternoon", "spring morning",
            "autumn day", "quiet Sunday", "Saturday morning", "cloudy day", "snowy morning",
            "lovely evening", "hot afternoon", "foggy morning", "chilly evening",
            "busy Monday", "sleepy Sunday afternoon")

TIME_STARTS = ("Early in the morning", "After breakfast", "On Saturday", "The next day",
               "That afternoon", "Later that week", "On the weekend", "In the spring",
               "On a hot summer day", "One rainy morning", "One bright morning",
               "After school", "On a cold, windy day", "On the first day of the holidays")

WEATHER = ("The sun was shining.", "The sky was blue and clear.", "It was a little windy.",
           "Big white clouds floated in the sky.", "It had rained in the night, and the "
           "grass was wet.", "The air was warm and sweet.", "A cool wind was blowing.",
           "Snow was falling softly.", "The birds were singing in the trees.",
           "The leaves were red and gold.", "It was a gray, quiet day.")

ANIMALS = ("cat", "dog", "puppy", "kitten", "rabbit", "bunny", "hamster", "mouse", "horse",
           "pony", "cow", "pig", "sheep", "goat", "hen", "duck", "goose", "turkey", "donkey",
           "lamb", "frog", "toad", "turtle", "snail", "bee", "ant", "butterfly", "ladybug",
           "spider", "beetle", "caterpillar", "bird", "robin", "owl", "crow", "parrot",
           "penguin", "swan", "eagle", "sparrow", "pigeon", "fox", "wolf", "bear", "deer",
           "squirrel", "hedgehog", "badger", "mole", "otter", "beaver", "raccoon", "lion",
           "tiger", "elephant", "giraffe", "zebra", "monkey", "hippo", "camel", "kangaroo",
           "koala", "panda", "crocodile", "snake", "lizard", "fish", "whale", "dolphin",
           "crab", "octopus", "seal", "bat", "moose", "llama", "peacock", "flamingo",
           "gorilla", "puffin", "walrus", "seahorse", "firefly", "grasshopper", "dragonfly",
           "ostrich", "chick", "duckling", "piglet", "cub", "worm", "woodpecker", "goldfish")

# Animals that walk and talk on land, with the sound each makes (past tense verb).
LAND_ANIMALS = (
    ("cat", "meowed"), ("dog", "barked"), ("duck", "quacked"), ("cow", "mooed"),
    ("sheep", "baaed"), ("pig", "oinked"), ("hen", "clucked"), ("horse", "neighed"),
    ("frog", "croaked"), ("owl", "hooted"), ("lion", "roared"), ("mouse", "squeaked"),
    ("bee", "buzzed"), ("goat", "bleated"), ("donkey", "brayed"), ("goose", "honked"),
    ("crow", "cawed"), ("wolf", "howled"), ("bear", "growled"), ("rabbit", "squeaked"),
    ("fox", "yipped"), ("turkey", "gobbled"), ("parrot", "squawked"), ("squirrel", "chattered"),
    ("hedgehog", "sniffed"), ("badger", "grunted"), ("monkey", "chattered"),
    ("elephant", "trumpeted"), ("robin", "chirped"), ("puppy", "yapped"), ("kitten", "mewed"),
    ("lamb", "bleated"), ("pony", "whinnied"), ("raccoon", "chirred"), ("beaver", "slapped its tail"),
)

TINY_ANIMALS = ("mouse", "ant", "ladybug", "beetle", "snail", "bee", "cricket", "spider",
                "caterpillar", "wren", "flea", "moth")

PETS = ("puppy", "kitten", "bunny", "hamster", "guinea pig", "parrot", "turtle", "mouse",
        "duckling", "ferret", "chick", "baby rabbit")

PET_LOOKS = ("white with black spots", "all brown except for one white ear", "as orange as a carrot",
             "gray and very fluffy", "black with a white tail", "small and round",
             "golden from nose to tail", "striped like a tiger", "soft and sleepy",
             "speckled like an egg")

PET_LIKES = ("chase {x.his} shoelaces", "sleep in the sunny spot by the window",
             "hide in empty boxes", "eat bits of carrot", "sit on the windowsill and watch the rain",
             "play with a ball of string", "nibble on lettuce leaves", "roll over for a tummy rub",
             "splash in {x.his} water bowl", "follow {x} from room to room",
             "squeak when it was hungry", "sleep on {x.his} slippers", "run in circles",
             "hide under the sofa", "watch the birds in the garden")

CARRY_THINGS = ("teddy bear", "doll", "ball", "toy car", "book", "hat", "scarf", "umbrella",
                "kite", "shell", "stone", "robot", "toy boat", "blanket", "bag", "bucket",
                "toy duck", "toy rabbit", "puppet", "crown", "drum", "whistle",
                "toy dinosaur", "lunch box", "cup", "ribbon", "necklace", "bracelet", "key",
                "coin", "pebble", "feather", "balloon", "marble", "map", "compass",
                "flashlight", "jar", "basket", "yo-yo", "toy horse", "toy train", "pillow",
                "wand", "mitten", "sock monkey", "toy lion", "rag doll", "music box",
                "snow globe", "pinwheel", "notebook", "paintbrush", "spoon", "bell", "crayon",
                "bow", "toy owl", "locket", "star sticker", "sea glass")

# Toys two children can swap, each with what one does with it.
TOY_ACTS = (
    ("ball", "kicked it across the yard"), ("kite", "flew it high in the sky"),
    ("drum", "banged on it, boom, boom, boom"), ("doll", "brushed its long hair"),
    ("teddy bear", "gave it a big hug"), ("toy car", "raced it along the floor"),
    ("toy train", "pushed it around the track"), ("robot", "made it walk and beep"),
    ("puzzle", "put all the pieces together"), ("yo-yo", "made it go up and down"),
    ("spinning top", "made it spin and spin"), ("jump rope", "jumped over it ten times"),
    ("puppet", "made it dance and talk"), ("toy boat", "sailed it in the bath"),
    ("dump truck", "filled it with sand"), ("balloon", "tossed it up in the air"),
    ("whistle", "blew it very loudly"), ("xylophone", "played a little tune on it"),
    ("hula hoop", "spun it around and around"), ("trumpet", "tooted it"),
    ("picture book", "read it from start to end"), ("paint set", "painted a picture with it"),
    ("magnet", "picked up pins with it"), ("telescope", "looked at the moon with it"),
    ("wagon", "pulled it around the garden"), ("scooter", "rode it down the path"),
    ("toy rocket", "pretended to fly it to the moon"), ("toy dinosaur", "made it roar"),
    ("toy guitar", "strummed it and sang"), ("tea set", "poured pretend tea with it"),
    ("bubble wand", "blew big bubbles with it"), ("paper plane", "threw it across the room"),
    ("harmonica", "played a song on it"), ("toy piano", "played a happy song on it"),
    ("kaleidoscope", "looked at the colors in it"), ("toy fire truck", "rang its little bell"),
)

FOODS = ("apple", "banana", "pear", "plum", "peach", "grape", "cherry", "lemon", "melon",
         "carrot", "potato", "tomato", "onion", "cookie", "cake", "pie", "bun", "muffin",
         "sandwich", "pancake", "waffle", "biscuit", "cracker", "sausage", "cupcake", "donut",
         "strawberry", "mango", "kiwi", "coconut", "pineapple", "pumpkin", "cucumber",
         "mushroom", "pretzel", "bagel", "cheese roll", "jam tart", "egg", "orange",
         "lollipop", "peanut", "raisin", "blueberry", "apricot", "radish", "turnip",
         "pepper", "cabbage", "beet", "fig", "date", "walnut", "corn cob", "jelly bean",
         "rice cake", "fish finger", "meatball", "dumpling", "taco", "noodle")

SHOP_ITEMS = ("a loaf of bread", "a bag of apples", "a jar of honey", "a box of eggs",
              "a bottle of milk", "a bunch of bananas", "a pot of jam", "a block of cheese",
              "a sack of potatoes", "a carton of juice", "a tin of beans", "a pack of noodles",
              "a basket of plums", "a bag of flour", "a bowl of cherries", "a bag of rice",
              "a head of lettuce", "a jar of pickles", "a bag of carrots", "a box of tea",
              "a tub of butter", "a bag of oranges", "a pot of yogurt", "a bag of sugar",
              "a packet of seeds", "a bunch of grapes", "a big red onion", "a dozen buns",
              "a bar of soap", "a box of matches", "a roll of string", "a bag of peas",
              "a small melon", "a bottle of lemonade", "a jar of peanut butter",
              "a bag of oats", "a pound of tomatoes", "a bunch of radishes", "six brown eggs",
              "a pie for dessert")

PACK_THINGS = ("hat", "towel", "cup", "ball", "book", "toothbrush", "sweater", "flashlight",
               "water bottle", "raincoat", "map", "blanket", "scarf", "sun hat", "kite",
               "bucket", "spade", "comb", "notebook", "pencil", "jacket", "teddy bear",
               "pillow", "swimsuit", "lunch box", "whistle", "compass", "camera",
               "pair of socks", "pair of boots", "deck of cards", "box of crayons",
               "jar of bubbles", "skipping rope", "sleeping bag", "torch", "umbrella")

CLOTHES = ("coat", "boots", "hat", "scarf", "gloves", "raincoat", "sweater", "sandals",
           "jacket", "cap", "mittens", "shoes", "dress", "shorts")

ROOMS = ("in the kitchen", "in the living room", "in the garden", "on the porch",
         "in {x.his} bedroom", "in the hall", "on the stairs", "in the yard",
         "by the front door", "in the bathroom", "in the playroom", "on the balcony")

HIDE_SPOTS = ("under the sofa", "behind the curtain", "inside {x.his} rain boot",
              "in the laundry basket", "on top of the fridge", "under {x.his} pillow",
              "in the flower pot", "behind the big clock", "in the bread box",
              "in the washing machine", "under the stairs", "inside the piano",
              "in the dog's basket", "on the windowsill", "in {x.his} coat pocket",
              "under a pile of leaves", "in the toy box", "behind the bookshelf",
              "in the fruit bowl", "under the kitchen table", "in the wood shed",
              "inside an empty teapot", "in the sandbox", "on the top shelf",
              "in the mailbox", "under the doormat", "in the bathtub",
              "inside a paper bag", "behind the green chair", "in the cookie jar")

SAFE_SPOTS = ("on the shelf above {x.his} bed", "in a special box", "in {x.his} toy chest",
              "on the table by {x.his} bed", "in the top drawer", "in {x.his} school bag",
              "in the same safe place", "on the hook by the door")

BED_SPOTS = ("in {x.his} bed", "next to {x.his} pillow", "on the shelf by {x.his} bed",
             "in {x.his} toy box", "on the little table by the window", "under {x.his} blanket",
             "on the chair next to {x.his} bed", "in a basket by {x.his} bed",
             "on {x.his} windowsill", "beside {x.his} night light")

JUNK = ("an old sock", "a lost button", "a lot of dust", "a broken crayon", "a dry leaf",
        "a sleepy cat", "a spoon", "a little spider", "some crumbs", "a marble",
        "an old birthday card", "a spiky pine cone", "a rubber band", "a toy soldier",
        "a tiny snail", "a bottle cap")

LUNCHES = ("soup and bread", "a cheese sandwich", "rice and peas", "noodles with butter",
           "fish and potatoes", "eggs on toast", "a bowl of stew", "pancakes with honey",
           "a big salad", "beans on toast", "chicken and carrots", "a warm pie")

CHORES = ("helped to wash the dishes", "fed the cat", "watered the plants",
          "swept the floor", "put away {x.his} toys", "folded the towels",
          "drew a picture", "had a little nap", "read a book about {pl}",
          "made {x.his} bed", "sorted the socks", "helped to carry the shopping")

PLACES = (
    ("the park", "at the park", ("played on the swings", "slid down the big slide",
                                 "ran across the grass", "climbed the old oak tree",
                                 "rolled down a little hill", "watched a man walk six dogs")),
    ("the beach", "at the beach", ("built a tall sand castle", "looked for pretty shells",
                                   "splashed in the waves", "dug a deep hole in the sand",
                                   "watched the boats sail by", "ate an ice cream by the sea")),
    ("the shop", "at the shop", ("bought a loaf of bread", "looked at the shiny toys",
                                 "helped to carry a bag of apples", "paid with three coins",
                                 "picked a bunch of bananas")),
    ("the library", "at the library", ("read a book about dinosaurs", "sat on a big soft chair",
                                       "listened to a story about a bear",
                                       "found a book full of pictures",
                                       "whispered so nobody would be cross")),
    ("the zoo", "at the zoo", ("saw a tall giraffe", "watched the monkeys swing",
                               "waved at a sleepy lion", "laughed at a penguin",
                               "fed the goats", "saw a hippo yawn")),
    ("the farm", "on the farm", ("fed the hens", "petted a baby lamb",
                                 "rode on a big red tractor", "collected eggs in a basket",
                                 "gave hay to the horses", "saw a pig roll in the mud")),
    ("school", "at school", ("painted a picture of a rainbow", "sang songs with the class",
                             "counted to twenty", "played tag in the yard",
                             "built a tower out of blocks", "learned a new word")),
    ("the garden", "in the garden", ("picked some flowers", "watered the plants",
                                     "dug for worms", "watched a snail crawl",
                                     "found a ladybug on a leaf", "ate a sweet strawberry")),
    ("the forest", "in the forest", ("walked under the tall trees", "listened to the birds",
                                     "found a pine cone", "jumped over a log",
                                     "saw a squirrel run up a tree", "picked wild berries")),
    ("the pond", "at the pond", ("threw stones in the water", "watched the fish swim",
                                 "saw a frog on a lily pad", "fed the ducks",
                                 "looked at the dragonflies")),
    ("Grandma's house", "at Grandma's house", ("had tea and cake",
                                               "helped Grandma bake cookies",
                                               "played with Grandma's old cat",
                                               "looked at photos in a big book",
                                               "knitted a little scarf")),
    ("the bakery", "at the bakery", ("bought a warm bun", "smelled the fresh bread",
                                     "watched the baker ice a cake",
                                     "tried a tiny lemon tart")),
    ("the market", "at the market", ("tasted a sweet plum", "bought some carrots",
                                     "saw a man selling hats",
                                     "listened to a man playing a fiddle")),
    ("the playground", "at the playground", ("went down the slide", "swung on the monkey bars",
                                             "played in the sandbox", "rode on the seesaw")),
    ("the pool", "at the pool", ("swam like a fish", "jumped in with a big splash",
                                 "floated on a rubber ring", "played with a beach ball")),
    ("the museum", "at the museum", ("saw the bones of a dinosaur", "looked at old paintings",
                                     "saw a real suit of armor", "saw a model of the moon")),
    ("the post office", "at the post office", ("mailed a letter to a friend",
                                               "bought a stamp with a bird on it")),
    ("the cafe", "at the cafe", ("drank a cup of hot cocoa", "ate a muffin with berries",
                                 "shared a slice of cake")),
    ("the fair", "at the fair", ("rode on the merry-go-round", "won a prize at a game",
                                 "ate pink cotton candy", "watched the jugglers")),
    ("the train station", "at the train station", ("watched the trains go by",
                                                   "waved at the driver",
                                                   "heard a loud whistle")),
    ("the harbor", "at the harbor", ("watched the fishing boats", "counted the seagulls",
                                     "saw a big ship with red sails")),
    ("the hill", "on the hill", ("flew a kite in the wind", "rolled all the way down",
                                 "looked at the town below")),
    ("the meadow", "in the meadow", ("chased butterflies", "picked daisies",
                                     "lay in the grass and looked at the clouds")),
    ("the river", "by the river", ("skipped stones", "watched the ducklings paddle",
                                   "dipped {x.his} toes in the cold water",
                                   "saw an otter swim")),
    ("the toy shop", "at the toy shop", ("looked at a wooden train",
                                         "played with a spinning top",
                                         "saw a giant teddy bear")),
    ("the pet shop", "at the pet shop", ("saw a tiny hamster", "watched the goldfish",
                                         "heard a parrot say hello")),
    ("the orchard", "in the orchard", ("picked red apples", "climbed a pear tree",
                                       "filled a basket with plums")),
    ("the ice rink", "at the ice rink", ("skated around and around", "fell down and laughed",
                                         "held on to the wall")),
    ("the fire station", "at the fire station", ("saw a shiny red fire truck",
                                                 "tried on a big helmet", "rang the bell")),
    ("the castle", "at the old castle", ("climbed the stone steps",
                                         "looked out from the tower",
                                         "saw a flag on the roof")),
    ("the circus", "at the circus", ("watched the clowns", "saw a horse dance",
                                     "clapped for the acrobats")),
    ("the lake", "at the lake", ("rowed a little boat", "saw a white swan",
                                 "had a picnic by the water")),
    ("the barn", "in the barn", ("jumped in the hay", "saw a sleepy cow",
                                 "found a nest with three eggs")),
    ("the flower shop", "at the flower shop", ("smelled the roses", "bought a pot of tulips")),
    ("the snowy hill", "on the snowy hill", ("made a snowman", "rode down on a sled",
                                             "threw snowballs")),
    ("the bus station", "at the bus station", ("watched the buses come and go",
                                               "read the big clock")),
    ("the swimming lake", "at the swimming lake", ("paddled in the shallow water",
                                                   "built a dam with pebbles")),
    ("the vet", "at the vet", ("saw a puppy with a sore paw", "helped to hold a kitten")),
)

PLACE_REMARKS = ("It was a lot of fun.", "{x.He} had a wonderful time.",
                 "There were lots of people there.", "It was very busy.",
                 "It was nice and quiet there.", "{x.He} laughed and laughed.",
                 "{x.He} felt very happy.", "The sun was warm on {x.his} face.",
                 "{x} did not want to leave.", "It smelled nice there.",
                 "Everyone was smiling.", "A cool wind was blowing.")

THEN_WORDS = ("Next", "After that", "Then", "Later", "After lunch", "In the afternoon",
              "A little later", "Soon")

VEHICLES = ("car", "train", "bus", "boat", "plane", "bike", "van", "ferry", "tram",
            "truck", "taxi", "wagon")

SIGHTS = ("cows in a field", "a tall windmill", "a long river", "sheep on a hill",
          "a red barn", "a castle on a rock", "a field of sunflowers", "tall mountains",
          "a busy town", "a lake full of boats", "a rainbow", "a herd of horses",
          "a bridge over a river", "a big forest", "a hot air balloon")

DESTINATIONS = (("the beach", "at the beach"), ("Grandpa's farm", "on Grandpa's farm"),
                ("the mountains", "in the mountains"), ("a camp by the lake", "at the camp"),
                ("the seaside", "by the sea"), ("a little island", "on the island"),
                ("Aunt Jo's cottage", "at Aunt Jo's cottage"), ("the big city", "in the city"),
                ("a cabin in the woods", "at the cabin"), ("the countryside", "in the country"))

NATURE = ("hill", "tree", "bridge", "river", "rock", "bush", "log", "hedge", "wall", "pond",
          "stream", "fence", "gate", "field", "meadow")

SOUNDS = ("moo", "baa", "quack", "woof", "tweet", "hoot", "oink", "buzz", "neigh", "squeak",
          "croak", "cluck")

WEEK_ANIMALS = ("bird", "cat", "dog", "duck", "frog", "snail", "bee", "butterfly", "squirrel",
                "rabbit", "ladybug", "worm", "ant", "spider", "pigeon", "crow", "robin",
                "sparrow", "horse", "cow", "sheep", "goat", "hen", "owl", "fox", "hedgehog",
                "beetle", "caterpillar", "dragonfly", "moth", "mouse", "bat", "swan", "goose",
                "deer", "fish", "puppy", "kitten", "lamb", "pony", "seagull", "toad", "duckling")

DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
NUMBERS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")

SEE_PLACES = ("in the garden", "at the park", "by the pond", "in the woods", "on the way to school",
              "near the river", "at the farm", "in the field", "on the beach", "at the zoo",
              "behind the shed", "on the hill", "under a bridge", "in the street",
              "by the lake", "in a tree", "on the roof")

COLLECTIBLES = ("shell", "feather", "leaf", "pebble", "acorn", "pine cone", "button",
                "flower", "stick", "conker", "berry", "seed", "ribbon", "marble",
                "bottle cap", "snail shell", "daisy", "blue bead")

# Fantasy beings: (kind, gender) where gender is "m", "f" or "x" (either).
FANTASY = (("dragon", "x"), ("troll", "x"), ("giant", "x"), ("fairy", "f"), ("elf", "x"),
           ("wizard", "m"), ("witch", "f"), ("unicorn", "x"), ("goblin", "x"),
           ("gnome", "x"), ("mermaid", "f"), ("pirate", "x"), ("robot", "x"),
           ("monster", "x"), ("sea serpent", "x"), ("griffin", "x"), ("pixie", "x"),
           ("ogre", "x"), ("knight", "x"), ("princess", "f"), ("prince", "m"),
           ("king", "m"), ("queen", "f"), ("alien", "x"), ("ghost", "x"), ("yeti", "x"),
           ("bunyip", "x"), ("sprite", "x"), ("snow giant", "x"), ("moon bear", "x"))

FANTASY_LOOKS = {
    "dragon": ("green scales and a long, curly tail", "tiny wings that could not fly",
               "purple spots and a very loud sneeze", "a nose that puffed out little clouds"),
    "troll": ("big feet and a kind smile", "hair like a bird's nest", "a very long nose"),
    "giant": ("hands as big as a bed", "boots as big as a boat", "a voice like thunder"),
    "fairy": ("wings like a butterfly", "a dress made of petals", "a tiny silver wand"),
    "elf": ("pointy ears and a green hat", "bells on {c.his} shoes", "a coat made of leaves"),
    "wizard": ("a long white beard", "a tall blue hat with stars", "a crooked old staff"),
    "witch": ("a pointy black hat", "a broom that could talk", "a cat with yellow eyes"),
    "unicorn": ("a silver horn", "a rainbow mane", "hooves that sparkled"),
    "goblin": ("a big green nose", "bright orange eyes", "pockets full of buttons"),
    "gnome": ("a red pointy hat", "a long gray beard", "a tiny wheelbarrow"),
    "mermaid": ("a shiny blue tail", "hair full of shells", "a voice like a bell"),
    "pirate": ("a patch over one eye", "a parrot on {c.his} shoulder", "a wooden leg"),
    "robot": ("blinking lights and wheels", "long metal arms", "a screen for a face"),
    "monster": ("six furry legs", "three big eyes", "a very long purple tail"),
    "sea serpent": ("a long twisty body", "fins like sails", "a friendly grin"),
    "griffin": ("the wings of an eagle", "golden feathers", "a lion's tail"),
    "pixie": ("glowing wings", "a hat made from an acorn", "a laugh like a tiny bell"),
    "ogre": ("a big round tummy", "a nose like a potato", "very muddy boots"),
    "knight": ("shiny armor", "a horse named Pepper", "a shield with a star on it"),
    "princess": ("a golden crown", "a cloak as blue as the sea", "muddy boots under {c.his} gown"),
    "prince": ("a golden crown", "a red cloak", "a sword made of wood"),
    "king": ("a heavy golden crown", "a long purple robe", "a very big belly"),
    "queen": ("a crown with green jewels", "a long silver robe", "a tiny pet dragon"),
    "alien": ("four arms and one big eye", "green skin that glowed", "two wiggly antennas"),
    "ghost": ("a white sheet with holes for eyes", "a soft, floaty body", "a shy smile"),
    "yeti": ("thick white fur", "enormous feet", "frosty eyebrows"),
    "bunyip": ("a furry face and flippers", "a very deep voice", "muddy fur"),
    "sprite": ("wings made of dew", "hair like a dandelion", "a glowing nose"),
    "snow giant": ("a beard made of icicles", "a coat of snow", "feet like hills"),
    "moon bear": ("silver fur", "a white moon shape on {c.his} chest", "soft paws"),
}

FANTASY_ADJ = ("friendly", "grumpy", "sleepy", "kind", "shy", "silly", "brave", "old",
               "young", "clever", "hungry", "tiny", "huge", "noisy", "gentle", "wise",
               "lonely", "clumsy", "cheerful", "forgetful")

BEYOND = ("over the hills and past the sea", "behind the tallest mountain", "above the clouds",
          "at the end of a long, long road", "past the edge of the map",
          "on the other side of the moon", "deep inside a green forest",
          "under a great waterfall", "beyond the seven rivers")

PORTALS = ("a little door at the bottom of the garden", "a map in an old book",
           "a boat that could talk", "a ladder that went up into the clouds",
           "a shiny stone that hummed", "a hole under a big tree",
           "a balloon with a basket", "a puddle that shone like a mirror",
           "a key that glowed in the dark", "a slide that went down and down")

PORTAL_GO = ("{x} touched it, and whoosh!", "{x} held on tight, and zoom!",
             "{x} closed {x.his} eyes and counted to three.", "{x} took a deep breath and jumped.",
             "{x} stepped through, and everything went bright.")

LANDMARKS = ("a tall blue tree", "a pond that sang", "a rock shaped like a hat",
             "a river of bubbles", "a hill made of moss", "a house shaped like a boot",
             "a bridge made of ribbons", "a field of glowing flowers", "a well full of stars")

FANTASY_PROBLEMS = (
    ("I have lost my {item}.", "lost"), ("Nobody wants to play with me.", "lonely"),
    ("My {item} is broken.", "broken"), ("I cannot reach the {fruit} at the top of the tree.", "reach"),
    ("I am too scared to sleep in the dark.", "dark"), ("It is my birthday, and nobody knows.", "birthday"),
)

FANTASY_ITEMS = ("golden key", "blue hat", "magic bell", "silver spoon", "red umbrella",
                 "book of songs", "tiny drum", "star map", "lucky sock", "music box",
                 "green lantern", "toy boat", "wooden flute", "glass marble")

GIFTS = ("shiny feather", "tiny silver bell", "smooth blue stone", "golden leaf",
         "shell that sang", "little glass star", "seed that glowed", "ribbon of light",
         "tiny wooden bird", "pebble with a hole in it", "jar of moonlight",
         "button made of gold")

MAGIC_BEINGS = (("wizard", "m"), ("witch", "f"), ("fairy", "f"), ("magician", "x"),
                ("elf", "x"), ("wise owl", "x"), ("old gnome", "x"), ("sea witch", "f"),
                ("star keeper", "x"), ("cloud giant", "x"))

MAGIC_JOBS = (
    ("{x}'s kite was stuck in a tall tree.", "the kite floated down into {x.his} hands"),
    ("It started to rain, and {x} had no umbrella.", "a big leaf grew over {x.his} head"),
    ("{x} could not reach the cookie jar.", "the jar slid down the shelf to {x.him}"),
    ("{x}'s ball rolled into the pond.", "a fish pushed the ball back to the bank"),
    ("The garden gate was stuck.", "the gate swung open with a creak"),
    ("{x}'s shoelace came undone.", "the lace tied itself into a neat bow"),
    ("The little bird could not find its nest.", "a trail of tiny lights led the bird home"),
    ("{x}'s ice cream began to melt.", "the ice cream turned cold and hard again"),
    ("The cat was stuck on the roof.", "a ladder of flowers grew up to the cat"),
    ("A sad snowman was melting in the sun.", "a small gray cloud sat over the snowman"),
    ("{x}'s toy boat floated away.", "the wind turned and pushed the boat back"),
    ("The lamp went out, and the room was dark.", "the lamp lit up with a warm glow"),
)

RACE_ROUTES = ("the old oak tree", "the duck pond", "the red barn", "the wooden bridge",
               "the big rock", "the cabbage patch", "the tall windmill", "the muddy ditch",
               "the berry bushes", "the blue gate", "the sleeping cow", "the little stream",
               "the hay bales", "the flower field", "the stone wall", "the apple tree")

RACE_STOPS = ("stopped to eat some clover", "stopped to take a nap", "stopped to chat with a frog",
              "stopped to look at a butterfly", "stopped to pick some berries",
              "stopped to dip {c.his} feet in the water", "stopped to show off to a crow",
              "stopped to count the clouds")

MESSAGE_A = ("the cake is ready", "there is a party at the big barn tonight",
             "the apples in the orchard are ripe", "the boat will come at five",
             "Grandma has baked a cherry pie", "the ducks have come back to the pond",
             "the new puppy has woken up", "the snow has come to the hills",
             "the circus is coming to town", "the baby birds have hatched",
             "the lost kitten is safe at home", "the show starts after lunch")

MESSAGE_B = ("please bring a blanket", "do not forget your hat",
             "come before the sun goes down", "bring something to share",
             "wear your warmest socks", "bring a friend", "come as fast as you can",
             "bring your drum", "bring a lantern for the walk home", "please bring some plums")

RECIPES = (
    ("pancakes", ("the flour", "two eggs", "a cup of milk", "a pinch of salt")),
    ("banana bread", ("three ripe bananas", "the butter", "the sugar", "the flour")),
    ("a berry pie", ("the pastry", "a bowl of berries", "a spoon of sugar", "a squeeze of lemon")),
    ("cookies", ("the butter", "the sugar", "an egg", "the flour", "a handful of raisins")),
    ("vegetable soup", ("the water", "two carrots", "a potato", "an onion", "a pinch of salt")),
    ("a fruit salad", ("an apple", "a pear", "some grapes", "a sliced banana")),
    ("a carrot cake", ("the grated carrots", "the flour", "two eggs", "the honey")),
    ("muffins", ("the flour", "the milk", "one egg", "a cup of blueberries")),
    ("porridge", ("the oats", "the milk", "a spoon of honey", "some chopped apple")),
    ("a pizza", ("the dough", "the tomato sauce", "the cheese", "some mushrooms")),
    ("a smoothie", ("a banana", "some strawberries", "a cup of yogurt", "a little milk")),
)

GOODNIGHT_THINGS = ("moon", "stars", "tree outside", "little bird", "clock", "lamp",
                    "teddy", "chair", "door", "window", "garden", "cat", "slippers",
                    "rug", "shelf", "toys", "owl", "clouds", "roof", "fence")
